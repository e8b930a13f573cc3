import { describe, expect, it } from 'vitest';
import { applySettings, mergeSettings, moveSetting, type ColumnDeclaration } from './columnSettings.js';

const columns: ColumnDeclaration[] = [
  { key: 'name' },
  { key: 'email', defaultHidden: true },
  { key: 'phone', width: 140 },
  { key: 'actions', fixed: true },
];

describe('column settings', () => {
  it('starts from the page’s own columns', () => {
    expect(mergeSettings(columns, null)).toEqual([
      { key: 'name', visible: true },
      { key: 'email', visible: false },
      { key: 'phone', visible: true, width: 140 },
    ]);
  });

  it('lays saved choices over the columns, dropping gone ones and placing new ones', () => {
    const saved = [
      { key: 'phone', visible: false },
      { key: 'gone', visible: true },
      { key: 'name', visible: true, width: 300 },
    ];
    expect(mergeSettings(columns, saved).map((setting) => setting.key)).toEqual(['phone', 'email', 'name']);
  });

  it('renders shown columns in the chosen order with the chosen widths, fixed columns last', () => {
    const shown = applySettings(columns, [
      { key: 'phone', visible: true, width: 200 },
      { key: 'name', visible: true },
      { key: 'email', visible: false },
    ]);
    expect(shown.map((column) => [column.key, column.width])).toEqual([
      ['phone', 200],
      ['name', undefined],
      ['actions', undefined],
    ]);
  });

  it('moves a column by one place and not past the ends', () => {
    const settings = mergeSettings(columns, null);
    expect(moveSetting(settings, 'phone', -1).map((s) => s.key)).toEqual(['name', 'phone', 'email']);
    expect(moveSetting(settings, 'name', -1).map((s) => s.key)).toEqual(['name', 'email', 'phone']);
  });
});
