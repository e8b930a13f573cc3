import { Modal } from 'antd';
import { AlertSettingsPanel } from './AlertSettingsPanel';
import { messageCentreTexts } from './texts';

/** The message alerts from the user menu (the notifier's header offers the same panel). */
export function AlertSettingsDialog({ onClose }: { onClose(): void }) {
  const t = messageCentreTexts.useTexts();
  return (
    <Modal open title={t('alertSettings')} footer={null} onCancel={onClose} width={380}>
      <AlertSettingsPanel />
    </Modal>
  );
}
