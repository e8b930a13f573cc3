import { Badge, Button, Tooltip } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { MSG_PAGE_CODE } from '@cityops/contract';
import { useCan } from '@cityops/ui';
import { useUnreadCount } from '../messageCentre/unreadCount';
import { useStableNavigate } from '../../app/navigation';

/** The message-centre route the dot leads to (video-talk-alarm-header.md §2.7). */
export const MESSAGE_CENTRE_PATH = '/admin/message';

/**
 * The message-centre icon with its unread dot; only for users holding msg_page. The count comes from
 * the push (see MessageLive), or from polling while the push cannot connect.
 */
export function MessageBell() {
  const allowed = useCan(MSG_PAGE_CODE);
  if (!allowed) return null;
  return <AllowedMessageBell />;
}

function AllowedMessageBell() {
  const { t } = useTranslation();
  const navigate = useStableNavigate();
  const unread = useUnreadCount();
  const label = unread > 0 ? t('header.messagesUnread', { count: unread }) : t('header.messages');
  return (
    <Tooltip title={label}>
      <Badge dot={unread > 0} offset={[-6, 6]}>
        <Button
          type="text"
          aria-label={label}
          icon={<BellOutlined />}
          onClick={() => navigate(MESSAGE_CENTRE_PATH)}
        />
      </Badge>
    </Tooltip>
  );
}
