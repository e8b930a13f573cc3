import { describe, expect, it } from 'vitest';
import { ENTRY_NAMES, GROUP_NAMES, SYSTEM_NAMES, englishMenuName, menuGroupCode } from './menu-names.js';
import { ROUTE_TABLE } from './routes.js';

/** What the menu used to show in English: the last path segment split at its capitals. */
const fromPath = (path: string) => {
  const last = path.split('/').filter(Boolean).at(-1) ?? '';
  const words = last.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[_-]+/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** Words that keep their capitals inside a sentence-case title: acronyms and a brand. */
const keepsCapitals = (word: string) =>
  /^[A-Z0-9&]{2,}$/.test(word) || ['IoT', 'Uniview', 'Wi-Fi'].includes(word);

/** Why an English title does not read as written by a person, or null when it does. */
function flaw(en: string, path = ''): string | null {
  if (en.trim() === '') return 'empty';
  if (/[\u4e00-\u9fff]/.test(en)) return 'still Chinese';
  if (/[_/]|\b[a-z]+[A-Z]/.test(en)) return 'looks like a code or path';
  if (path !== '' && en === fromPath(path)) return 'derived from the path';
  const [, ...rest] = en.split(' ');
  if (rest.some((word) => /^[A-Z]/.test(word) && !keepsCapitals(word))) return 'not sentence case';
  return null;
}

describe('English menu names', () => {
  it('gives every route a written English title', () => {
    const flawed = ROUTE_TABLE.map((route) => [route.path, route.titleEn, flaw(route.titleEn, route.path)]);
    expect(flawed.filter(([, , why]) => why !== null)).toEqual([]);
  });

  it('gives every system, menu group and seeded entry a written English name', () => {
    const names = { ...SYSTEM_NAMES, ...GROUP_NAMES, ...ENTRY_NAMES };
    const flawed = Object.entries(names).map(([key, { zh, en, icon }]) => [
      key,
      en,
      flaw(en) ?? (zh && icon ? null : 'no zh name or icon'),
    ]);
    expect(flawed.filter(([, , why]) => why !== null)).toEqual([]);
  });

  it('names the menu group of every permission page below a sub-app', () => {
    const missing = ROUTE_TABLE.filter((route) => route.app !== 'shell' && route.access === 'permission')
      .map((route) => `${route.app}:${route.path.split('/').slice(2, -1).join('/')}`)
      .filter((key) => !key.endsWith(':') && !(key in GROUP_NAMES));
    expect(missing).toEqual([]);
  });

  it('looks names up by resource code, ignoring case', () => {
    expect(englishMenuName('userManage')).toBe('User management');
    expect(englishMenuName('iot_videoMonitor_playReal')).toBe('Live view');
    expect(englishMenuName('IOTCLOUD')).toBe('IoT platform');
    expect(englishMenuName(menuGroupCode('iotcloud', 'iot/lamp'))).toBe('Smart street lighting');
    expect(englishMenuName('helpDocs')).toBe('Help');
    expect(englishMenuName('madeByAnAdministrator')).toBeUndefined();
  });

  it('never gives two shipped codes the same resource code', () => {
    const codes = [
      ...ROUTE_TABLE.map((route) => route.code),
      ...Object.keys(SYSTEM_NAMES),
      ...Object.keys(GROUP_NAMES).map((key) => menuGroupCode(...(key.split(':') as [string, string]))),
      ...Object.keys(ENTRY_NAMES),
    ].map((code) => code.toLowerCase());
    expect(new Set(codes).size).toBe(codes.length);
  });
});
