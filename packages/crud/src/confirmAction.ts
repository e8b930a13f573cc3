import { openConfirm, showMessage } from '@cityops/ui';
import { crudTexts } from './texts.js';

export interface ConfirmActionOptions {
  /** What the user confirms, e.g. 确定删除“张三”吗？ */
  content: string;
  action(): Promise<unknown>;
  successText: string;
}

/**
 * Asks, then acts, then says it is done; answers whether it was done. A refusal from the server is
 * shown by the HTTP client and answers false.
 */
export async function confirmAction({
  content,
  action,
  successText,
}: ConfirmActionOptions): Promise<boolean> {
  const { t } = crudTexts;
  const confirmed = await openConfirm({
    title: t('confirmTitle'),
    content,
    okText: t('ok'),
    cancelText: t('cancel'),
  });
  if (!confirmed) return false;
  try {
    await action();
  } catch {
    return false;
  }
  showMessage('SUCCESS', successText);
  return true;
}

/** Delete one record, after 确定删除“name”吗？ */
export const confirmDelete = (name: string, action: () => Promise<unknown>) =>
  confirmAction({
    content: crudTexts.t('confirmDelete', { name }),
    action,
    successText: crudTexts.t('deleted'),
  });
