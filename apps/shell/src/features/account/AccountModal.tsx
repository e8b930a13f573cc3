import type { ReactNode } from 'react';
import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';

interface AccountModalProps {
  title: string;
  saving: boolean;
  onOk(): void;
  onClose(): void;
  children: ReactNode;
}

/** The frame of the header's account dialogs: 确定 / 取消, and no closing by a stray click outside. */
export function AccountModal({ title, saving, onOk, onClose, children }: AccountModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      title={title}
      okText={t('account.ok')}
      cancelText={t('account.cancel')}
      confirmLoading={saving}
      onOk={onOk}
      onCancel={onClose}
      mask={{ closable: false }}
    >
      {children}
    </Modal>
  );
}
