import { describe, expect, it } from 'vitest';
import { theme } from 'antd';
import { defaultPalettes, paletteFromVariables, paletteVariables, themeConfig } from './theme.js';
import { loginTokens, type LoginTokens } from './themeTokens.js';

describe('palette variables', () => {
  it('round-trips a palette through its custom properties', () => {
    const palette = { ...defaultPalettes.dark, headerBg: 'rgb(10, 20, 30)' };
    const variables = paletteVariables(palette);
    expect(variables['--cityops-header-bg']).toBe('rgb(10, 20, 30)');
    expect(paletteFromVariables(variables, 'dark')).toEqual(palette);
  });

  it('takes the default for a missing or unsafe value', () => {
    const palette = paletteFromVariables(
      { '--cityops-menu-bg': 'red; background: url(x)', '--cityops-page-bg': '#123456' },
      'light',
    );
    expect(palette.menuBg).toBe(defaultPalettes.light.menuBg);
    expect(palette.pageBg).toBe('#123456');
    expect(palette.headerBg).toBe(defaultPalettes.light.headerBg);
  });
});

describe('theme config', () => {
  it('turns antd motion off when the user prefers reduced motion, and keeps it otherwise', () => {
    expect(themeConfig('light').token?.motion).toBe(true);
    expect(themeConfig('dark', defaultPalettes.dark, { reducedMotion: true }).token?.motion).toBe(false);
  });

  it('gives both modes the brand blue as the primary colour, readable on dark containers too', () => {
    const primary = (mode: 'light' | 'dark') => theme.getDesignToken(themeConfig(mode)).colorPrimary;
    expect(primary('light')).toBe('#1668dc');
    expect(primary('dark')).toBe('#1668dc');
  });
});

describe('the light login’s tokens', () => {
  // antd writes its shadows over several lines and with float noise (0.010000000000000002).
  const normalised = (value: unknown) =>
    String(value)
      .replace(/\s+/g, ' ')
      .trim()
      .replace(/\d+\.\d{6,}/g, (number) => String(Number(Number(number).toFixed(3))));

  it.each(['light', 'dark'] as const)('are the tokens antd draws the %s theme with', (mode) => {
    const antd = theme.getDesignToken(themeConfig(mode));
    for (const [key, value] of Object.entries(loginTokens[mode]) as [keyof LoginTokens, string][]) {
      expect(normalised(antd[key]), key).toBe(normalised(value));
    }
  });
});
