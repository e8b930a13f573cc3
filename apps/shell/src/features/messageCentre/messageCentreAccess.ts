import { MSG_PAGE_CODE } from '@cityops/contract';
import { useCan } from '@cityops/ui';
import { useUserMenu } from '../menu/userMenu';

/** The message-centre route the bell and the notifier lead to (video-talk-alarm-header.md §2.7). */
export const MESSAGE_CENTRE_PATH = '/admin/message';

/**
 * Whether the user has the message centre: the icon's code (msg_page, platform-shell.md §6) and the page
 * it opens. A role may hold the element without the page (it is edited on the roles page like any
 * other); the bell, the alerts and the pop-ups then stay away rather than lead to 页面不存在.
 */
export function useMessageCentre(): boolean {
  const holdsIcon = useCan(MSG_PAGE_CODE);
  const menu = useUserMenu();
  return holdsIcon && menu !== null && menu.enabledPaths.has(MESSAGE_CENTRE_PATH);
}
