import { act, fireEvent, render, screen } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppConfigProvider, FeedbackHost, defaultPalettes, initI18n } from '@cityops/ui';
import { THEME_MODE_KEY, useThemeMode } from './themeMode';
import { THEME_PALETTE_KEY, paletteFor, useActiveTheme, useThemePalette } from './themePalette';
import { ThemeModeSwitch } from './ThemeModeSwitch';
import { ThemeSettingsDrawer } from './ThemeSettingsDrawer';

function Themed({ children }: { children: React.ReactNode }) {
  const { mode, palette } = useActiveTheme();
  return (
    <AppConfigProvider mode={mode} palette={palette}>
      <FeedbackHost />
      {children}
    </AppConfigProvider>
  );
}

beforeAll(async () => {
  await initI18n('zh-CN');
});

beforeEach(() => {
  sessionStorage.clear();
  act(() => useThemePalette.getState().reset());
});

describe('theme', () => {
  it('switches to dark, keeps it in session storage and says 切换主题成功', async () => {
    render(
      <Themed>
        <ThemeModeSwitch />
      </Themed>,
    );
    fireEvent.click(screen.getByRole('switch', { name: '深色模式' }));
    expect(useThemeMode.getState().mode).toBe('dark');
    expect(sessionStorage.getItem(THEME_MODE_KEY)).toBe('dark');
    expect(await screen.findByText('切换主题成功')).toBeTruthy();
    expect(document.documentElement.style.getPropertyValue('--cityops-header-bg')).toBe(
      defaultPalettes.dark.headerBg,
    );
    expect(
      screen.getByRole<HTMLButtonElement>('switch', { name: '深色模式' }).getAttribute('aria-checked'),
    ).toBe('true');
  });

  it('keeps custom colours per mode in local storage, on top of the defaults', () => {
    act(() => useThemePalette.getState().setColour('light', 'menuBg', '#123456'));
    const stored = JSON.parse(localStorage.getItem(THEME_PALETTE_KEY) ?? '{}') as unknown;
    expect(stored).toEqual({ light: { menuBg: '#123456' }, dark: {} });
    const { overrides } = useThemePalette.getState();
    expect(paletteFor('light', overrides).menuBg).toBe('#123456');
    expect(paletteFor('light', overrides).headerBg).toBe(defaultPalettes.light.headerBg);
    expect(paletteFor('dark', overrides).menuBg).toBe(defaultPalettes.dark.menuBg);
  });

  it('resets to light and the default palette, saying 重置主题成功', async () => {
    act(() => {
      useThemeMode.getState().setMode('dark');
      useThemePalette.getState().setColour('dark', 'pageBg', '#222222');
    });
    render(
      <Themed>
        <ThemeSettingsDrawer open onClose={() => undefined} />
      </Themed>,
    );
    expect(screen.getByText('菜单背景色')).toBeTruthy();
    expect(screen.getByText('表格行悬停背景色')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '重置主题' }));
    expect(await screen.findByText('重置主题成功')).toBeTruthy();
    expect(useThemeMode.getState().mode).toBe('light');
    expect(sessionStorage.getItem(THEME_MODE_KEY)).toBe('light');
    expect(localStorage.getItem(THEME_PALETTE_KEY)).toBeNull();
    expect(document.documentElement.style.getPropertyValue('--cityops-page-bg')).toBe(
      defaultPalettes.light.pageBg,
    );
  });
});
