import { useEffect, useState } from 'react';
import { BellOutlined, CloseOutlined, DownOutlined, SettingOutlined, UpOutlined } from '@ant-design/icons';
import { Badge, Button, Flex, Popover, Tooltip, Typography, theme } from 'antd';
import { chinaDateTime, messageText, NOTIFIER_AUTO_CLOSE_MS, type Message } from '@cityops/contract';
import { useLocale } from '@cityops/ui';
import { AlertSettingsPanel } from './AlertSettingsPanel';
import { isAlarm, MessageTypeTag } from './messageTypes';
import { useNotifier } from './notifierStore';
import { messageCentreTexts } from './texts';

/** The header's height: the notifier stays below it, so the header's actions are never covered. */
const HEADER_HEIGHT = 64;
const MARGIN = 24;

function NotifierItem({ message, onOpen }: { message: Message; onOpen(message: Message): void }) {
  const t = messageCentreTexts.useTexts();
  const { token } = theme.useToken();
  const alarm = isAlarm(message);
  const { title, messageContent } = messageText(message, useLocale());
  return (
    <div
      role="button"
      tabIndex={0}
      aria-label={t('open', { title })}
      onClick={() => onOpen(message)}
      onKeyDown={(event) => {
        if (event.key === 'Enter' || event.key === ' ') onOpen(message);
      }}
      style={{
        cursor: 'pointer',
        padding: '8px 12px',
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
        borderInlineStart: `3px solid ${alarm ? token.colorError : 'transparent'}`,
        background: alarm ? token.colorErrorBg : undefined,
      }}
    >
      <Flex align="center" gap={8}>
        <MessageTypeTag type={message.messageType} />
        <Typography.Text strong ellipsis style={{ flex: 1, color: alarm ? token.colorError : undefined }}>
          {title}
        </Typography.Text>
      </Flex>
      <Typography.Paragraph ellipsis={{ rows: 2 }} style={{ margin: '4px 0 0', fontSize: 13 }}>
        {messageContent}
      </Typography.Paragraph>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {chinaDateTime(message.createTime)}
        {message.projectName ? ` · ${message.projectName}` : ''}
      </Typography.Text>
    </div>
  );
}

/**
 * The message notifier (platform-shell.md §4, §9): bottom right, above the page and below the header;
 * hidden until fresh messages arrive; shows how many; expands and collapses; closes itself after
 * NOTIFIER_AUTO_CLOSE_MS without interaction (a pointer over it, or a click in it, starts the wait
 * again); a click on a message removes it and opens it; the close button dismisses them all.
 */
export function Notifier({ onOpen }: { onOpen(message: Message): void }) {
  const t = messageCentreTexts.useTexts();
  const { token } = theme.useToken();
  const { messages, expanded, arrivals, remove, dismiss, setExpanded } = useNotifier();
  const [hovering, setHovering] = useState(false);
  const [interactions, setInteractions] = useState(0);
  const shown = messages.length > 0;

  useEffect(() => {
    if (!shown || hovering) return;
    const timer = setTimeout(dismiss, NOTIFIER_AUTO_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [shown, hovering, arrivals, interactions, dismiss]);

  if (!shown) return null;
  const title = t('notifierTitle');
  return (
    <section
      aria-label={title}
      onMouseEnter={() => setHovering(true)}
      onMouseLeave={() => setHovering(false)}
      onClickCapture={() => setInteractions((n) => n + 1)}
      style={{
        position: 'fixed',
        right: MARGIN,
        bottom: MARGIN,
        width: 360,
        maxHeight: `calc(100vh - ${HEADER_HEIGHT + MARGIN * 2}px)`,
        display: 'flex',
        flexDirection: 'column',
        // Above the page and its tab bar; below antd's dialogs and menus (1000 and up).
        zIndex: 900,
        background: token.colorBgElevated,
        borderRadius: token.borderRadiusLG,
        boxShadow: token.boxShadowSecondary,
        overflow: 'hidden',
      }}
    >
      <Flex
        align="center"
        gap={8}
        style={{ padding: '8px 12px', borderBottom: `1px solid ${token.colorBorderSecondary}` }}
      >
        <Badge count={messages.length} size="small" overflowCount={99}>
          <BellOutlined style={{ fontSize: 16 }} />
        </Badge>
        <Typography.Text strong style={{ flex: 1 }}>
          {title}
        </Typography.Text>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('notifierCount', { count: messages.length })}
        </Typography.Text>
        <Popover trigger="click" placement="topRight" content={<AlertSettingsPanel />}>
          <Tooltip title={t('alertSettings')}>
            <Button type="text" size="small" aria-label={t('alertSettings')} icon={<SettingOutlined />} />
          </Tooltip>
        </Popover>
        <Button
          type="text"
          size="small"
          aria-label={expanded ? t('collapse') : t('expand')}
          icon={expanded ? <DownOutlined /> : <UpOutlined />}
          onClick={() => setExpanded(!expanded)}
        />
        <Button type="text" size="small" aria-label={t('close')} icon={<CloseOutlined />} onClick={dismiss} />
      </Flex>
      {expanded && (
        <div style={{ overflowY: 'auto' }}>
          {messages.map((message) => (
            <NotifierItem
              key={message.id}
              message={message}
              onOpen={(chosen) => {
                remove(chosen.id);
                onOpen(chosen);
              }}
            />
          ))}
        </div>
      )}
    </section>
  );
}
