import { useEffect, type ReactNode } from 'react';
import { ConfigProvider, theme as antdTheme, type ThemeConfig } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { useTranslation } from 'react-i18next';
import { isLocale } from './i18n/i18n.js';

export type ThemeMode = 'light' | 'dark';

/** Brand tokens shared by both modes; the algorithm derives the rest. */
export const brandTokens: ThemeConfig['token'] = {
  colorPrimary: '#1668dc',
  borderRadius: 6,
  fontFamily:
    "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Helvetica Neue', Arial, sans-serif",
};

export function themeConfig(mode: ThemeMode): ThemeConfig {
  return {
    algorithm: mode === 'dark' ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
    token: brandTokens,
  };
}

const antdLocales = { 'zh-CN': zhCN, 'en-US': enUS } as const;

/** The page around antd's components (plain headings, footers, the margins) follows the theme too. */
function ThemedBody() {
  const { token } = antdTheme.useToken();
  useEffect(() => {
    const { style } = document.body;
    style.fontFamily = token.fontFamily;
    style.color = token.colorText;
    style.background = token.colorBgLayout;
  }, [token.fontFamily, token.colorText, token.colorBgLayout]);
  return null;
}

/**
 * antd in the user's language and theme. Buttons keep their text as written: antd would otherwise
 * show 登录 as "登 录", which neither reads well nor matches the spec's text.
 */
export function AppConfigProvider({ children, mode = 'light' }: { children: ReactNode; mode?: ThemeMode }) {
  const { i18n } = useTranslation();
  const locale = isLocale(i18n.language) ? i18n.language : 'zh-CN';
  return (
    <ConfigProvider
      locale={antdLocales[locale]}
      theme={themeConfig(mode)}
      button={{ autoInsertSpace: false }}
    >
      <ThemedBody />
      {children}
    </ConfigProvider>
  );
}
