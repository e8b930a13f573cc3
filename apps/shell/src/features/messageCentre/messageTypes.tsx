import type { ReactNode } from 'react';
import {
  AlertOutlined,
  ApartmentOutlined,
  CompassOutlined,
  FileSearchOutlined,
  FileTextOutlined,
  RobotOutlined,
  TeamOutlined,
  ToolOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import { Tag } from 'antd';
import {
  ALARM_MESSAGE_TYPE,
  MESSAGE_TYPE_IDS,
  messageTypePath,
  type Message,
  type MessageType,
} from '@cityops/contract';
import { messageCentreTexts } from './texts';

/** How each of the nine types shows: an icon and a colour; alarms in red, so they stand out. */
const LOOKS: Record<MessageType, { icon: ReactNode; color: string }> = {
  1: { icon: <AlertOutlined />, color: 'red' },
  2: { icon: <ToolOutlined />, color: 'blue' },
  3: { icon: <FileSearchOutlined />, color: 'cyan' },
  4: { icon: <CompassOutlined />, color: 'geekblue' },
  5: { icon: <TeamOutlined />, color: 'purple' },
  6: { icon: <ApartmentOutlined />, color: 'magenta' },
  7: { icon: <WarningOutlined />, color: 'orange' },
  8: { icon: <RobotOutlined />, color: 'volcano' },
  9: { icon: <FileTextOutlined />, color: 'gold' },
};

export const isMessageType = (type: number): type is MessageType =>
  MESSAGE_TYPE_IDS.some((id) => id === type);

export const isAlarm = (message: Pick<Message, 'messageType'>) => message.messageType === ALARM_MESSAGE_TYPE;

/** The type's name in the language in use (the number itself for a type this build does not know). */
export function useMessageTypeName(): (type: number) => string {
  const t = messageCentreTexts.useTexts();
  return (type) => (isMessageType(type) ? t(`type.${type}`) : String(type));
}

/** The nine types as select options. */
export function useMessageTypeOptions() {
  const name = useMessageTypeName();
  return MESSAGE_TYPE_IDS.map((type) => ({ value: type, label: name(type) }));
}

export function MessageTypeTag({ type }: { type: number }) {
  const name = useMessageTypeName();
  const look = isMessageType(type) ? LOOKS[type] : { icon: null, color: 'default' };
  return (
    <Tag color={look.color} icon={look.icon} style={{ marginInlineEnd: 0 }}>
      {name(type)}
    </Tag>
  );
}

/**
 * The page a message opens: its own link (the server fills in its type's page when it has none), or
 * its type's page. Only paths of this site; anything else falls back to the type's page.
 */
export function messageLink(message: Pick<Message, 'link' | 'messageType'>): string | null {
  if (message.link?.startsWith('/') && !message.link.startsWith('//')) return message.link;
  return isMessageType(message.messageType) ? messageTypePath(message.messageType) : null;
}
