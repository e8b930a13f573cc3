import { Button, Dropdown } from 'antd';
import { TranslationOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LOCALES } from '@cityops/contract';
import { changeLocale, currentLocale } from '@cityops/ui';
import { DROPDOWN_DELAYS } from './dropdownDelays';

/** 中文 / English from the header; remembered for the next visit. */
export function LanguageMenu() {
  const { t } = useTranslation();
  return (
    <Dropdown
      {...DROPDOWN_DELAYS}
      menu={{
        selectable: true,
        selectedKeys: [currentLocale()],
        items: LOCALES.map((locale) => ({ key: locale, label: t(`language.${locale}`) })),
        onClick: ({ key }) => {
          const locale = LOCALES.find((candidate) => candidate === key);
          if (locale) void changeLocale(locale);
        },
      }}
    >
      <Button type="text" aria-label={t('header.language')} icon={<TranslationOutlined />} />
    </Dropdown>
  );
}
