import { useState } from 'react';
import { Button } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { logout } from '../auth/api';

/** The right-hand side of the header: the actions every signed-in user has. */
export function HeaderActions() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);

  async function onLogout() {
    setLeaving(true);
    await logout();
    navigate('/login', { replace: true });
  }

  return (
    <Button type="text" loading={leaving} onClick={() => void onLogout()}>
      {t('logout')}
    </Button>
  );
}
