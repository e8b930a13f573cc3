import { Result } from 'antd';
import { useTranslation } from 'react-i18next';

export type LaterPageName = 'license' | 'plug' | 'userlogin';

/** A route the spec names whose page comes in a later issue: it says so instead of showing a 404. */
export function LaterPage({ name }: { name: LaterPageName }) {
  const { t } = useTranslation();
  return <Result status="info" title={t(`later.${name}`)} subTitle={t('later.text')} />;
}
