import { useEffect, type ReactNode } from 'react';
import { Modal, message } from 'antd';
import { MESSAGE_DURATION_MS, type TextKey } from '@cityops/contract';
import { i18n } from './i18n/i18n.js';
import { keepMessageForReload, takePendingMessage } from './pendingMessage.js';

type LevelOf<K> = K extends `level.${infer Level}` ? Level : never;
/** Levels of the message helper (platform-shell.md §8), as the contract's `level.*` texts name them. */
export type MessageLevel = LevelOf<TextKey>;

type MessageInstance = ReturnType<typeof message.useMessage>[0];
type ModalHookApi = ReturnType<typeof Modal.useModal>[0];

const noticeType = { SUCCESS: 'success', FAIL: 'error', TIPS: 'info', WARN: 'warning' } as const;

const MESSAGE_KEY = 'cityops-message';
const messageConfig = { maxCount: 1, duration: MESSAGE_DURATION_MS / 1000 };

/**
 * The instances rendered by <FeedbackHost/>. Messages and boxes opened through them follow the
 * ConfigProvider's theme and locale, which antd's static functions cannot do; code outside React
 * (the HTTP client) still reaches them through the functions below.
 */
const host: { message: MessageInstance | null; modal: ModalHookApi | null } = { message: null, modal: null };

message.config(messageConfig);

/** Renders the message and confirm-box holders; put it once inside the ConfigProvider. */
export function FeedbackHost(): ReactNode {
  const [messageApi, messageHolder] = message.useMessage(messageConfig);
  const [modalApi, modalHolder] = Modal.useModal();
  useEffect(() => {
    host.message = messageApi;
    host.modal = modalApi;
    showPendingMessage();
    return () => {
      host.message = null;
      host.modal = null;
    };
  }, [messageApi, modalApi]);
  return (
    <>
      {messageHolder}
      {modalHolder}
    </>
  );
}

/**
 * Shows one message for 3 s, replacing any message still showing. Without a text the level's
 * default is shown (成功, 失败, 提示, 警告).
 */
export function showMessage(level: MessageLevel, text?: string): void {
  const content = text || i18n.t(`contract:level.${level}`);
  const api = host.message ?? message;
  // One key for every message: a new one takes the place of the one showing, no stacking.
  void api.open({ key: MESSAGE_KEY, type: noticeType[level], content });
}

/**
 * Shows a message after the page reloads (e.g. 修改密码操作成功，请重新登录。 before the reload to
 * /login): shown at once it would vanish with the page.
 */
export function showMessageAfterReload(level: MessageLevel, text: string): void {
  if (!keepMessageForReload(level, text)) showMessage(level, text);
}

function showPendingMessage() {
  const pending = takePendingMessage();
  if (pending) showMessage(pending.level, pending.text);
}

export interface ConfirmOptions {
  title: ReactNode;
  content?: ReactNode;
  okText: string;
  cancelText: string;
}

/** A confirm box; resolves true when the user confirms, false when they cancel or close it. */
export function openConfirm(options: ConfirmOptions): Promise<boolean> {
  const confirm = host.modal?.confirm ?? Modal.confirm;
  return new Promise((resolve) => {
    confirm({
      ...options,
      onOk: () => resolve(true),
      onCancel: () => resolve(false),
    });
  });
}
