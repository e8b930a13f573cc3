import { describe, expect, it } from 'vitest';
import { ADMIN_PAGE_NAMES } from './routes.js';
import { pageSettingsSchema } from './settings.js';

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
