import { Button, Dropdown, type MenuProps } from 'antd';
import {
  ApiOutlined,
  ArrowLeftOutlined,
  FullscreenExitOutlined,
  FullscreenOutlined,
  HomeOutlined,
  MoreOutlined,
  TranslationOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LOCALES } from '@cityops/contract';
import { changeLocale, currentLocale } from '@cityops/ui';
import { DROPDOWN_DELAYS } from './dropdownDelays';
import { useFullScreen } from './FullScreenButton';
import { useStableNavigate } from '../../app/navigation';

/**
 * On screens narrower than 1600 px the header gives its width to the systems in the top navigation:
 * home, back, full screen, language and plug-in management move into this one menu.
 */
export function MoreActions() {
  const { t } = useTranslation();
  const navigate = useStableNavigate();
  const fullScreen = useFullScreen();
  const items: MenuProps['items'] = [
    { key: 'home', icon: <HomeOutlined />, label: t('header.home'), onClick: () => navigate('/') },
    { key: 'back', icon: <ArrowLeftOutlined />, label: t('header.back'), onClick: () => navigate(-1) },
    {
      key: 'fullScreen',
      icon: fullScreen.full ? <FullscreenExitOutlined /> : <FullscreenOutlined />,
      label: fullScreen.label,
      onClick: fullScreen.toggle,
    },
    {
      key: 'language',
      icon: <TranslationOutlined />,
      label: t('header.language'),
      children: LOCALES.map((locale) => ({
        key: `language:${locale}`,
        label: t(`language.${locale}`),
        disabled: locale === currentLocale(),
        onClick: () => void changeLocale(locale),
      })),
    },
    { key: 'plug', icon: <ApiOutlined />, label: t('header.plug'), onClick: () => navigate('/plug') },
  ];
  return (
    <Dropdown {...DROPDOWN_DELAYS} menu={{ items }}>
      <Button type="text" aria-label={t('header.more')} icon={<MoreOutlined />} />
    </Dropdown>
  );
}
