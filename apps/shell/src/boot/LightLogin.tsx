import { useEffect, useState } from 'react';
import { writeSessionCookies } from '@cityops/client';
import { applyLocaleToDocument, readStoredLocale, storeLocale, takePendingMessage } from '@cityops/ui';
import { pageSettings } from '../app/pageSettings';
import { goForward } from '../features/auth/login/forward';
import { LoginScreen } from '../features/auth/login/LoginScreen';
import { ToastHost, showToast } from '../features/auth/login/toast';
import { useActiveTheme } from '../features/theme/themePalette';
import type { SignedIn } from '../app/fullApp';
import { login } from './loginHttp';

/**
 * The login page as the boot shows it: the light login screen in the stored language and
 * theme (the boot fetches the full shell meanwhile). A sign-in keeps the token in its cookies at once
 * and hands the answer to the full shell (`onSignedIn`), or leaves for a forward address on another
 * site.
 */
export function LightLogin({ onSignedIn }: { onSignedIn(signedIn: SignedIn): void }) {
  const [locale, setLocale] = useState(readStoredLocale);
  const { mode, palette } = useActiveTheme();
  useEffect(() => {
    // What the page before the reload left to say (修改密码操作成功，请重新登录。).
    const pending = takePendingMessage();
    if (pending) showToast(pending.level, pending.text);
  }, []);
  useEffect(() => applyLocaleToDocument(locale), [locale]);

  return (
    <LoginScreen
      locale={locale}
      onLocaleChange={(chosen) => {
        storeLocale(chosen);
        setLocale(chosen);
      }}
      mode={mode}
      palette={palette}
      login={login}
      showMessage={showToast}
      onSignedIn={(answer, saved) => {
        writeSessionCookies(answer.token, answer.userType);
        goForward(pageSettings.forwardUrl, (path) => onSignedIn({ login: answer, path }), saved);
      }}
    >
      <ToastHost />
    </LoginScreen>
  );
}
