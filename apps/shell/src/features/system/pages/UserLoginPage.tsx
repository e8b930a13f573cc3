import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';

/** /userlogin: the password-less entry; it says plainly that token sign-in is not there yet. */
export function UserLoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="info"
      title={t('userlogin.title')}
      subTitle={t('userlogin.text')}
      extra={
        <Button type="primary" onClick={() => navigate('/login')}>
          {t('userlogin.toLogin')}
        </Button>
      }
    />
  );
}
