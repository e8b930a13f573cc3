import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Button, Checkbox, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { checkAccount, checkPassword, normaliseAccount, stripChinese, type TextKey } from '@cityops/contract';
import { showMessage } from '@cityops/ui';
import { login } from '../api';
import { rememberMe } from '../rememberMe';
import { signIn } from '../session';
import { PasswordInput } from './PasswordInput';

interface LoginFields {
  userName: string;
  password: string;
  remember: boolean;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * The login form of platform-shell.md §2 and §5: account and password checked on blur and on
 * submit with the contract's rules, whitespace removed from the account and Chinese characters from
 * the password as they are typed, Enter submits, remember-me as §4 says.
 */
/**
 * `onSignedIn` gets the remember-me save, still under way: a page that stays in the app need not wait
 * for it, a full-page forward must.
 */
export function LoginForm({ onSignedIn }: { onSignedIn(saved: Promise<void>): void }) {
  const { t } = useTranslation(['ui', 'contract']);
  const [form] = Form.useForm<LoginFields>();
  const [hadRemembered] = useState(() => rememberMe.hasItem());
  const [submitting, setSubmitting] = useState(false);
  const busy = useRef(false);

  useEffect(() => {
    if (!hadRemembered) return;
    let cancelled = false;
    void rememberMe.load().then((remembered) => {
      // Never overwrite what the user has started typing meanwhile.
      if (cancelled || form.isFieldsTouched(['userName', 'password'])) return;
      form.setFieldsValue(remembered ? { ...remembered, remember: true } : { remember: false });
    });
    return () => {
      cancelled = true;
    };
  }, [form, hadRemembered]);

  const rule = (check: (value: string) => TextKey | null) => ({
    validator: (_: unknown, value: unknown) => {
      const key = check(text(value));
      return key ? Promise.reject(new Error(t(`contract:${key}`))) : Promise.resolve();
    },
  });

  const submitOnEnter = (event: KeyboardEvent<HTMLInputElement>) => {
    // One submission: stop the browser's own implicit submit of the form.
    event.preventDefault();
    form.submit();
  };

  async function onFinish(values: LoginFields) {
    if (busy.current) return;
    busy.current = true;
    setSubmitting(true);
    const userName = normaliseAccount(values.userName);
    const { password } = values;
    try {
      signIn(await login({ userName, password }));
      if (!values.remember) rememberMe.forget();
      onSignedIn(
        values.remember ? rememberMe.save({ userName, password }).catch(() => undefined) : Promise.resolve(),
      );
    } catch {
      // The HTTP client has shown the server's message (wrong password, locked, no permission…).
    } finally {
      busy.current = false;
      setSubmitting(false);
    }
  }

  function onFinishFailed() {
    if (normaliseAccount(text(form.getFieldValue('userName'))) === '') {
      showMessage('WARN', t('contract:account.requiredUserName'));
    }
  }

  return (
    <Form<LoginFields>
      form={form}
      name="login"
      layout="vertical"
      size="large"
      initialValues={{ userName: '', password: '', remember: false }}
      validateTrigger="onBlur"
      onFinish={(values) => void onFinish(values)}
      onFinishFailed={onFinishFailed}
    >
      <Form.Item
        name="userName"
        label={t('login.account')}
        required
        rules={[rule(checkAccount)]}
        normalize={(value: unknown) => normaliseAccount(text(value))}
      >
        <Input
          autoComplete="username"
          placeholder={t('contract:account.required')}
          autoFocus={!hadRemembered}
          onPressEnter={submitOnEnter}
        />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('login.password')}
        required
        rules={[rule((value) => checkPassword(value))]}
        normalize={(value: unknown) => stripChinese(text(value))}
      >
        <PasswordInput
          autoComplete="current-password"
          placeholder={t('contract:password.required')}
          onPressEnter={submitOnEnter}
        />
      </Form.Item>
      <Form.Item name="remember" valuePropName="checked">
        <Checkbox>{t('login.remember')}</Checkbox>
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit" block loading={submitting}>
          {t('login.submit')}
        </Button>
      </Form.Item>
    </Form>
  );
}
