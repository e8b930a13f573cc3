import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { messageEndpoints, type Message, type PushServerFrame } from '@cityops/contract';
import { createPushClient, pushUrl, readToken, type PushState } from '@cityops/client';
import { listRefresher, useCrud } from '@cityops/crud';
import { pageSettings } from '../../app/pageSettings';
import { useSessionUser } from '../auth/queries';
import { onSignedOut } from '../auth/session';
import { notifyInBrowser, playAlarmSound } from './alerts';
import { useAlertSettings } from './alertSettings';
import { useMessageCentre } from './messageCentreAccess';
import { refreshAccess, reloadDictionaries } from './liveChanges';
import { isAlarm } from './messageTypes';
import { Notifier } from './Notifier';
import { useNotifier } from './notifierStore';
import { useOpenMessage } from './openMessage';
import { setUnreadCount, useUnreadFallbackPoll } from './unreadCount';

/**
 * The live message centre of a signed-in user holding msg_page and its page: the push socket, the unread count it
 * carries (polled instead only while the socket cannot connect), the notifier, the optional alerts,
 * and the access and dictionary changes it announces. Sits in the layout, not the header, so hiding
 * the header does not cut it off.
 */
export function MessageLive() {
  const allowed = useMessageCentre();
  const userId = useSessionUser()?.userId;
  // A new token (another tab signed in) is a new session: its own socket, from the start.
  const token = readToken();
  if (!allowed || userId === undefined || token === null) return null;
  return <LiveMessages key={`${userId}:${token}`} userId={userId} />;
}

function LiveMessages({ userId }: { userId: number }) {
  const client = useQueryClient();
  const { http } = useCrud();
  const openMessage = useOpenMessage();
  const [state, setState] = useState<PushState>('idle');
  const loadAlerts = useAlertSettings((settings) => settings.load);
  // The socket lives as long as the user; the latest way to open a message is read when one is clicked.
  const open = useRef(openMessage);
  useEffect(() => {
    open.current = openMessage;
  }, [openMessage]);
  useEffect(() => loadAlerts(userId), [loadAlerts, userId]);

  useEffect(() => {
    const refreshLists = listRefresher(client, [messageEndpoints.pageList]);
    const announce = (messages: readonly Message[]) => {
      const { settings } = useAlertSettings.getState();
      if (settings.sound && messages.some(isAlarm)) playAlarmSound();
      if (settings.browser)
        notifyInBrowser(messages, (message) => {
          useNotifier.getState().remove(message.id);
          open.current(message);
        });
    };
    const onFrame = (frame: PushServerFrame) => {
      switch (frame.type) {
        case 'messages':
          void setUnreadCount(client, frame.noReadCount);
          // The first frame of each connection re-syncs the count only; fresh ones pop up.
          if (frame.fresh && frame.messageList.length > 0) {
            useNotifier.getState().add(frame.messageList);
            announce(frame.messageList);
            refreshLists();
          } else if (!frame.fresh) {
            // Changes made while no socket was open (before the first, or during a reconnect) were
            // not pushed: what the user holds and the dictionaries are read again, so none is lost.
            void refreshAccess(client);
            void reloadDictionaries(client, http);
          }
          break;
        case 'count':
          void setUnreadCount(client, frame.noReadCount);
          refreshLists();
          break;
        case 'changed':
          void (frame.what === 'access' ? refreshAccess(client) : reloadDictionaries(client, http));
          break;
        case 'pong':
          break;
      }
    };
    const push = createPushClient({
      url: pushUrl(pageSettings.messageCenterUrl, window.location),
      getToken: readToken,
      onFrame,
      onState: setState,
    });
    push.start();
    const forget = onSignedOut(() => push.stop());
    return () => {
      forget();
      push.stop();
      useNotifier.getState().dismiss();
    };
  }, [client, http, userId]);

  useUnreadFallbackPoll(state === 'down');
  return <Notifier onOpen={(message) => open.current(message)} />;
}
