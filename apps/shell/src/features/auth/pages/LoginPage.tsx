import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { changeLocale, showMessage, useLocale } from '@cityops/ui';
import { pageSettings } from '../../../app/pageSettings';
import { prefetchSignedInCode } from '../../../app/signedInCode';
import { useActiveTheme } from '../../theme/themePalette';
import { login } from '../api';
import { goForward } from '../login/forward';
import { LoginScreen } from '../login/LoginScreen';
import { signIn } from '../session';

/**
 * /login inside the signed-in shell (after a sign-out): the same light login screen the boot shows,
 * in the shell's language, theme, messages and router.
 */
export function LoginPage() {
  const navigate = useNavigate();
  const locale = useLocale();
  const { mode, palette } = useActiveTheme();
  useEffect(() => prefetchSignedInCode(), []);

  return (
    <LoginScreen
      locale={locale}
      onLocaleChange={(chosen) => void changeLocale(chosen)}
      mode={mode}
      palette={palette}
      login={login}
      showMessage={showMessage}
      onSignedIn={(answer, saved) => {
        signIn(answer);
        goForward(pageSettings.forwardUrl, (path) => navigate(path, { replace: true }), saved);
      }}
    />
  );
}
