import { Alert } from 'antd';
import { Link } from 'react-router';
import { LICENCE_MANAGE, LICENCE_RENEWAL, licenceWarning } from '@cityops/contract';
import { useSessionUser } from '../../../auth/queries';
import { listTime } from '../../time';
import { useLicenceDetail } from '../queries';
import { licenceTexts } from '../texts';

/**
 * The licence's expiry warning: 30, 7 and 1 days before the licence ends, shown to whoever can
 * renew it (a banner until the message centre carries it).
 */
export function LicenceExpiryNotice({ linkToRenewal = true }: { linkToRenewal?: boolean }) {
  const session = useSessionUser();
  const pages = new Set([LICENCE_RENEWAL, LICENCE_MANAGE].map((code) => code.toLowerCase()));
  const mayRenew = session?.menus.some((menu) => pages.has(menu.code.toLowerCase())) ?? false;
  return mayRenew ? <ExpiryAlert linkToRenewal={linkToRenewal} /> : null;
}

/** The warning itself: asks for the licence's status only for someone who may renew it. */
function ExpiryAlert({ linkToRenewal }: { linkToRenewal: boolean }) {
  const t = licenceTexts.useTexts();
  const status = useLicenceDetail();
  const data = status.data;
  if (!data?.licence) return null;
  const level = licenceWarning(data.daysLeft);
  if (level === null) return null;
  return (
    <Alert
      type={level === 30 ? 'warning' : 'error'}
      showIcon
      banner
      title={t('warning', { days: level, date: listTime(data.licence.expiresAt).slice(0, 10) })}
      action={linkToRenewal ? <Link to="/admin/licenseRenewal">{t('toRenewal')}</Link> : undefined}
    />
  );
}
