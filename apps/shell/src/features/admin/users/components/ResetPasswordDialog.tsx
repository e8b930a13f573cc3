import { Form, Input } from 'antd';
import { createUserSchema, type UserRow } from '@cityops/contract';
import { FormDialog, zodRule } from '@cityops/crud';
import { useResetPassword } from '../queries';
import { userTexts } from '../texts';

/** Sets a password the user must change at the next sign-in; their sessions end. */
export function ResetPasswordDialog({ user, onClose }: { user: UserRow; onClose(): void }) {
  const t = userTexts.useTexts();
  const reset = useResetPassword();
  return (
    <FormDialog<{ password: string }>
      open
      title={t('resetTitle', { name: user.userName })}
      successText={t('passwordReset')}
      submit={({ password }) => reset.mutateAsync({ userId: user.userId, password })}
      onClose={onClose}
      width={460}
    >
      <Form.Item
        name="password"
        label={t('newPassword')}
        extra={t('passwordHint')}
        rules={[
          { required: true, message: t('required', { field: t('newPassword') }) },
          zodRule(createUserSchema.shape.password, t('newPassword')),
        ]}
      >
        <Input.Password maxLength={16} autoComplete="new-password" />
      </Form.Item>
    </FormDialog>
  );
}
