import { useState } from 'react';
import { Alert, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  checkConfirmPassword,
  checkNewPassword,
  checkPassword,
  stripChinese,
  type TextKey,
} from '@cityops/contract';
import { i18n, openConfirm, showMessage, showMessageAfterReload } from '@cityops/ui';
import { PasswordInput } from '../auth/components/PasswordInput';
import { useSessionUser } from '../auth/queries';
import { signOutLocally } from '../auth/session';
import { reloadToLogin, updatePassword } from './api';
import { AccountModal } from './AccountModal';

interface PasswordForm {
  oldPassword: string;
  password: string;
  confirmPass: string;
}

const say = (key: TextKey) => i18n.t(`contract:${key}`);
const rule = (check: (value: string) => TextKey | null) => ({
  validator: async (_: unknown, value: string | undefined) => {
    const key = check(value ?? '');
    if (key) throw new Error(say(key));
  },
});
const fromInput = (event: { target: { value: string } }) => stripChinese(event.target.value);

/**
 * 修改密码 (platform-shell.md §4, §5): validate, check the user id, check new equals confirm, confirm
 * prompt, call, success message, then the session ends here and the page reloads on /login.
 */
export function ChangePasswordDialog({
  onClose,
  onSignOut,
  afterChange = reloadToLogin,
}: {
  onClose(): void;
  /**
   * Given when the change is required (a password an administrator set): the dialog says so and
   * cannot be dismissed; its second button signs out instead.
   */
  onSignOut?: () => void;
  /** What happens once the password is changed and the session forgotten; a reload by default. */
  afterChange?: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<PasswordForm>();
  const userId = useSessionUser()?.userId;
  const [saving, setSaving] = useState(false);

  async function submit() {
    let values: PasswordForm;
    try {
      values = await form.validateFields();
    } catch {
      return; // The form shows what is wrong.
    }
    if (!userId) {
      showMessage('FAIL', say('password.userMissing'));
      return;
    }
    const mismatch = checkConfirmPassword(values.password, values.confirmPass);
    if (mismatch) {
      showMessage('FAIL', say(mismatch));
      return;
    }
    const go = await openConfirm({
      title: say('password.confirmPrompt'),
      okText: t('account.ok'),
      cancelText: t('account.cancel'),
    });
    if (!go) return;
    setSaving(true);
    try {
      await updatePassword(values);
    } catch {
      setSaving(false);
      return; // The client has shown the server's message (e.g. 原密码错误).
    }
    showMessageAfterReload('SUCCESS', say('password.changed'));
    signOutLocally();
    afterChange();
  }

  return (
    <AccountModal
      title={t('header.changePassword')}
      saving={saving}
      onOk={() => void submit()}
      onClose={onClose}
      {...(onSignOut ? { onSignOut } : {})}
    >
      {onSignOut && (
        <Alert type="warning" showIcon title={t('account.passwordRequired')} style={{ marginBottom: 16 }} />
      )}
      <Form form={form} layout="vertical" autoComplete="off">
        <Form.Item
          name="oldPassword"
          label={t('account.oldPassword')}
          getValueFromEvent={fromInput}
          rules={[rule((v) => checkPassword(v, 'oldPassword.required'))]}
        >
          <PasswordInput autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('account.newPassword')}
          getValueFromEvent={fromInput}
          rules={[rule((v) => checkNewPassword(v))]}
        >
          <PasswordInput autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirmPass"
          label={t('account.confirmPassword')}
          getValueFromEvent={fromInput}
          dependencies={['password']}
          rules={[
            rule((v) => checkNewPassword(v, 'confirmPassword.required')),
            ({ getFieldValue }) =>
              // Empty is the rule above's message; this one only compares.
              rule((v) =>
                v === '' ? null : checkConfirmPassword(String(getFieldValue('password') ?? ''), v),
              ),
          ]}
        >
          <PasswordInput autoComplete="new-password" />
        </Form.Item>
      </Form>
    </AccountModal>
  );
}
