import { useState, type InputHTMLAttributes } from 'react';
import { Icon } from './icons';
import type { LoginTexts } from './texts';
import styles from './LoginScreen.module.css';

/**
 * A password input with a show/hide button a screen reader (and a test) finds by 显示密码 / 隐藏密码,
 * like the antd PasswordInput of the signed-in pages.
 */
export function PasswordField({
  texts,
  ...props
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'className'> & { texts: LoginTexts }) {
  const [visible, setVisible] = useState(false);
  return (
    <span className={styles.affixWrapper}>
      <input {...props} className={styles.affixInput} type={visible ? 'text' : 'password'} />
      <button
        type="button"
        className={styles.reveal}
        aria-label={visible ? texts.t('login.hidePassword') : texts.t('login.showPassword')}
        aria-pressed={visible}
        // Keep the focus in the input: moving it would check an untouched password on blur.
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => setVisible((shown) => !shown)}
      >
        <Icon name={visible ? 'eye' : 'eyeInvisible'} />
      </button>
    </span>
  );
}
