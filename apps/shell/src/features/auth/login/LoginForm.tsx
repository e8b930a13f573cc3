import {
  useEffect,
  useId,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import {
  checkAccount,
  checkPassword,
  normaliseAccount,
  stripChinese,
  type LoginData,
  type LoginRequest,
  type TextKey,
} from '@cityops/contract';
import type { MessageLevel } from '@cityops/client';
import { rememberMe } from '../rememberMe';
import { PasswordField } from './PasswordField';
import type { LoginTexts } from './texts';
import styles from './LoginScreen.module.css';

type Field = 'userName' | 'password';
type Errors = Record<Field, TextKey | null>;
const NO_ERRORS: Errors = { userName: null, password: null };

const checks: Record<Field, (value: string) => TextKey | null> = {
  userName: checkAccount,
  password: (value) => checkPassword(value),
};

export interface LoginFormProps {
  texts: LoginTexts;
  /** POST /login/doLoginNoVerCode through an HTTP client that shows a refusal itself. */
  login(body: LoginRequest): Promise<LoginData>;
  showMessage(level: MessageLevel, text: string): void;
  /**
   * After a successful sign-in, with the remember-me save still under way: a page that stays in the
   * app need not wait for it, a full-page forward must.
   */
  onSignedIn(login: LoginData, saved: Promise<void>): void;
}

/**
 * The login form of platform-shell.md §2 and §5: account and password checked on blur and on submit
 * with the contract's rules, whitespace removed from the account and Chinese characters from the
 * password as they are typed, Enter submits once, remember-me as §4 says. Plain elements drawn like
 * antd's large form (the login page loads before antd).
 */
export function LoginForm({ texts, login, showMessage, onSignedIn }: LoginFormProps) {
  const id = useId();
  const [hadRemembered] = useState(() => rememberMe.hasItem());
  const [values, setValues] = useState({ userName: '', password: '', remember: false });
  const [errors, setErrors] = useState<Errors>(NO_ERRORS);
  const [submitting, setSubmitting] = useState(false);
  const touched = useRef(false);
  const busy = useRef(false);

  useEffect(() => {
    if (!hadRemembered) return;
    let cancelled = false;
    void rememberMe.load().then((remembered) => {
      // Never overwrite what the user has started typing meanwhile.
      if (cancelled || touched.current) return;
      setValues((now) => (remembered ? { ...remembered, remember: true } : { ...now, remember: false }));
    });
    return () => {
      cancelled = true;
    };
  }, [hadRemembered]);

  const type = (field: Field, value: string) => {
    touched.current = true;
    const kept = field === 'userName' ? normaliseAccount(value) : stripChinese(value);
    setValues((now) => ({ ...now, [field]: kept }));
  };
  const check = (field: Field) => setErrors((now) => ({ ...now, [field]: checks[field](values[field]) }));

  async function submit() {
    if (busy.current) return;
    const found: Errors = {
      userName: checks.userName(values.userName),
      password: checks.password(values.password),
    };
    setErrors(found);
    if (found.userName || found.password) {
      if (normaliseAccount(values.userName) === '')
        showMessage('WARN', texts.rule('account.requiredUserName'));
      return;
    }
    busy.current = true;
    setSubmitting(true);
    const userName = normaliseAccount(values.userName);
    const { password, remember } = values;
    try {
      const answer = await login({ userName, password });
      if (!remember) rememberMe.forget();
      onSignedIn(
        answer,
        remember ? rememberMe.save({ userName, password }).catch(() => undefined) : Promise.resolve(),
      );
    } catch {
      // The HTTP client has shown the server's message (wrong password, locked, no permission…).
    } finally {
      busy.current = false;
      setSubmitting(false);
    }
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };
  const submitOnEnter = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    // One submission: stop the browser's own implicit submit of the form.
    event.preventDefault();
    void submit();
  };

  const errorOf = (field: Field) => {
    const key = errors[field];
    return key ? texts.rule(key) : null;
  };
  /** A field input's id, its state for assistive technology, and its value. */
  const stateOf = (field: Field) => ({
    id: `${id}-${field}`,
    'aria-required': true,
    'aria-invalid': errors[field] !== null,
    'aria-describedby': errors[field] ? `${id}-${field}-error` : undefined,
    value: values[field],
  });

  return (
    <form className={styles.form} name="login" noValidate onSubmit={onSubmit}>
      <RequiredItem inputId={`${id}-userName`} label={texts.t('login.account')} error={errorOf('userName')}>
        <input
          {...stateOf('userName')}
          onChange={(event) => type('userName', event.target.value)}
          onBlur={() => check('userName')}
          onKeyDown={submitOnEnter}
          className={styles.input}
          autoComplete="username"
          placeholder={texts.rule('account.required')}
          autoFocus={!hadRemembered}
        />
      </RequiredItem>
      <RequiredItem inputId={`${id}-password`} label={texts.t('login.password')} error={errorOf('password')}>
        <PasswordField
          {...stateOf('password')}
          onChange={(event) => type('password', event.target.value)}
          onBlur={() => check('password')}
          onKeyDown={submitOnEnter}
          texts={texts}
          autoComplete="current-password"
          placeholder={texts.rule('password.required')}
        />
      </RequiredItem>
      <div className={styles.item}>
        <label className={styles.checkbox}>
          <input
            type="checkbox"
            checked={values.remember}
            onChange={(event) => {
              const remember = event.target.checked;
              setValues((now) => ({ ...now, remember }));
            }}
          />
          <span>{texts.t('login.remember')}</span>
        </label>
      </div>
      <div className={styles.item}>
        <button type="submit" className={styles.submit} disabled={submitting} aria-busy={submitting}>
          {submitting && <span className={styles.spinner} aria-hidden="true" />}
          {texts.t('login.submit')}
        </button>
      </div>
    </form>
  );
}

/** A field of the form: antd's required mark, its label, the input, and its error under it. */
function RequiredItem({
  inputId,
  label,
  error,
  children,
}: {
  inputId: string;
  label: string;
  error: string | null;
  children: ReactNode;
}) {
  return (
    <div className={styles.item}>
      <div className={styles.label}>
        {/* antd's required mark, outside the label so the field's name is the label's text alone. */}
        <span className={styles.required} aria-hidden="true">
          *
        </span>
        <label htmlFor={inputId}>{label}</label>
      </div>
      {children}
      {error && (
        <div id={`${inputId}-error`} className={styles.error} role="alert">
          {error}
        </div>
      )}
    </div>
  );
}
