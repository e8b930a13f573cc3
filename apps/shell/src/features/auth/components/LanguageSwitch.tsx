import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '@cityops/contract';
import { changeLocale, isLocale } from '@cityops/ui';

/** 中文 / English; the choice is remembered for the next visit. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const value = isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
  return (
    <Segmented<Locale>
      aria-label={t('language.label')}
      size="small"
      value={value}
      options={LOCALES.map((locale) => ({ value: locale, label: t(`language.${locale}`) }))}
      onChange={(locale) => void changeLocale(locale)}
    />
  );
}
