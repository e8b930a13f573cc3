import { Badge, Button, Tooltip } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { MESSAGE_CENTRE_PATH, useMessageCentre } from '../messageCentre/messageCentreAccess';
import { useUnreadCount } from '../messageCentre/unreadCount';
import { useStableNavigate } from '../../app/navigation';

/**
 * The message-centre icon with its unread dot; only for users holding msg_page and the message-centre
 * page it opens. The count comes from
 * the push (see MessageLive), or from polling while the push cannot connect.
 */
export function MessageBell() {
  const allowed = useMessageCentre();
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
