import { useState, type ReactNode } from 'react';
import { Form, Modal, type FormInstance } from 'antd';
import type { NamePath } from 'antd/es/form/interface';
import { openConfirm, showMessage } from '@cityops/ui';
import { refusedField, type FieldRefusals } from './refusals.js';
import { crudTexts } from './texts.js';

export interface FormDialogProps<Values extends object> {
  open: boolean;
  title: ReactNode;
  /** The record being edited, or the defaults of a new one. */
  initialValues?: Partial<Values>;
  /** A prompt to confirm before saving, where the spec has one. */
  confirm?: ReactNode;
  /** Saves; resolves when the server accepted. A refusal is shown by the HTTP client. */
  submit(values: Values): Promise<unknown>;
  /** Refusals shown under their field too (a taken key under the key), by their contract text. */
  fieldRefusals?: FieldRefusals;
  /** Shown once saved. */
  successText: string;
  onClose(): void;
  width?: number;
  /** The fields; a function gets the form, for fields that depend on each other. */
  children: ReactNode | ((form: FormInstance<Values>) => ReactNode);
}

/**
 * The add/edit dialog every list page uses: validate → confirm (when asked) → save → success message →
 * close (the caller's mutation refreshes the list). A refused save keeps the dialog and what was typed.
 */
export function FormDialog<Values extends object>({
  open,
  title,
  initialValues,
  confirm,
  submit,
  fieldRefusals,
  successText,
  onClose,
  width = 640,
  children,
}: FormDialogProps<Values>) {
  const t = crudTexts.useTexts();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);

  const save = async () => {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      showMessage('WARN', t('formInvalid'));
      return;
    }
    if (
      confirm &&
      !(await openConfirm({
        title: t('confirmTitle'),
        content: confirm,
        okText: t('ok'),
        cancelText: t('cancel'),
      }))
    )
      return;
    setSaving(true);
    try {
      await submit(values);
      showMessage('SUCCESS', successText);
      onClose();
    } catch (error) {
      // The HTTP client has shown the server's reason; the dialog stays open with the values.
      const refused = fieldRefusals ? refusedField(error, fieldRefusals) : null;
      if (refused) form.setFields([{ name: refused.field as NamePath<Values>, errors: [refused.message] }]);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={title}
      width={width}
      okText={t('save')}
      cancelText={t('cancel')}
      confirmLoading={saving}
      onOk={() => void save()}
      onCancel={onClose}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={initialValues}
        preserve={false}
        onFinish={() => void save()}
        aria-label={typeof title === 'string' ? title : undefined}
      >
        {typeof children === 'function' ? children(form) : children}
      </Form>
    </Modal>
  );
}
