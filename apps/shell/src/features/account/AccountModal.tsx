import type { ReactNode } from 'react';
import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';

interface AccountModalProps {
  title: string;
  saving: boolean;
  onOk(): void;
  onClose(): void;
  /**
   * A dialog the user may not leave (a password an administrator set): no ×, no Esc, and the second
   * button signs out instead of cancelling.
   */
  onSignOut?: () => void;
  children: ReactNode;
}

/** The frame of the header's account dialogs: 确定 / 取消, and no closing by a stray click outside. */
export function AccountModal({ title, saving, onOk, onClose, onSignOut, children }: AccountModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      title={title}
      okText={t('account.ok')}
      cancelText={onSignOut ? t('account.signOut') : t('account.cancel')}
      confirmLoading={saving}
      onOk={onOk}
      onCancel={onSignOut ?? onClose}
      closable={!onSignOut}
      keyboard={!onSignOut}
      mask={{ closable: false }}
    >
      {children}
    </Modal>
  );
}
