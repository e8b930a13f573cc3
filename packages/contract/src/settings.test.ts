import { describe, expect, it } from 'vitest';
import { ADMIN_PAGE_NAMES } from './routes.js';
import { pageSettingsFrom, pageSettingsSchema } from './settings.js';

describe('page settings: cached admin pages', () => {
  it('keep every admin page alive but areaManage when page-settings.json says nothing', () => {
    const { cachedAdminPages } = pageSettingsSchema.parse({});
    expect(cachedAdminPages).toEqual(ADMIN_PAGE_NAMES.filter((name) => name !== 'areaManage'));
  });

  it('take the pages an operator lists, and refuse a name that is no admin page', () => {
    expect(
      pageSettingsSchema.parse({ cachedAdminPages: ['roleManage', 'areaManage'] }).cachedAdminPages,
    ).toEqual(['roleManage', 'areaManage']);
    expect(pageSettingsSchema.parse({ cachedAdminPages: [] }).cachedAdminPages).toEqual([]);
    expect(pageSettingsSchema.safeParse({ cachedAdminPages: ['usermanage'] }).success).toBe(false);
  });

  it('give each parse a list of its own', () => {
    pageSettingsSchema.parse({}).cachedAdminPages.pop();
    expect(pageSettingsSchema.parse({}).cachedAdminPages).toContain('editionService');
  });
});

describe('page settings read from what an operator wrote', () => {
  it('give each setting that does not parse its default alone, and say which they were', () => {
    const { settings, issues } = pageSettingsFrom(
      { baseUrl: '/gateway', cachedAdminPages: ['roleManage', 'noSuchPage'], maxTabs: 0 },
      { copyright: '© CityOps', maxTabs: 8 },
    );
    expect(settings).toMatchObject({
      baseUrl: '/gateway',
      copyright: '© CityOps',
      maxTabs: 8,
      cachedAdminPages: pageSettingsSchema.parse({}).cachedAdminPages,
    });
    expect(issues.map((issue) => issue.path[0]).sort()).toEqual(['cachedAdminPages', 'maxTabs']);
  });

  it('take the defaults when nothing usable was written', () => {
    for (const written of [undefined, null, 'text', ['userManage']])
      expect(pageSettingsFrom(written, { copyright: '© CityOps' })).toEqual({
        settings: pageSettingsSchema.parse({ copyright: '© CityOps' }),
        issues: [],
      });
  });
});
