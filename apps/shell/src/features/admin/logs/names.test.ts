import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '@cityops/ui';
import { inBrowserZone } from '@cityops/ui/testing/timeZone';
import { fieldName, logFieldTexts } from './fieldNames';
import { actionName, ADMIN_MODULES, moduleName } from './names';
import { logTexts } from './texts';
import { filterOf, rangeFits, rangeOf } from './timeRange';

// The browser runs in New York; the days searched are the platform's (China's) all the same.
inBrowserZone('America/New_York');
beforeAll(async () => {
  await initI18n('zh-CN');
});

describe('log codes in words', () => {
  it('names the module by its page title, in either language, and leaves unknown codes as they are', () => {
    expect(moduleName('userManage', 'zh-CN')).toBe('用户管理');
    expect(moduleName('logManage', 'en-US')).toBe('Log management');
    expect(moduleName('no_such_page', 'zh-CN')).toBe('no_such_page');
    expect(ADMIN_MODULES).toContain('userManage');
    expect(ADMIN_MODULES).toContain('logManage');
  });

  it('names known actions and shows others as their code', () => {
    expect(actionName(logTexts.t, 'login_failed')).toBe('登录失败');
    expect(actionName(logTexts.t, 'update')).toBe('编辑');
    expect(actionName(logTexts.t, 'SPIN')).toBe('SPIN');
  });

  it('names a changed field as its module’s form does; the same field of another module may differ', () => {
    expect(fieldName(logFieldTexts.t, 'userManage', 'jobTitle')).toBe('职务');
    expect(fieldName(logFieldTexts.t, 'userManage', 'name')).toBe('姓名');
    expect(fieldName(logFieldTexts.t, 'roleManage', 'name')).toBe('角色名称');
    expect(fieldName(logFieldTexts.t, 'roleManage', 'colour')).toBe('colour');
  });
});

describe('the time range filter', () => {
  it('runs from the start of the first day to the end of the last, and back', () => {
    const range = rangeOf('2026-06-01T00:00:00.000Z', '2026-06-03T00:00:00.000Z');
    const filter = filterOf(range);
    expect(Date.parse(filter.to ?? '') - Date.parse(filter.from ?? '')).toBe(3 * 86_400_000 - 1);
    expect(filterOf(undefined)).toEqual({ from: undefined, to: undefined });
    expect(rangeOf(undefined, undefined)).toBeUndefined();
  });

  it('takes the days of the platform’s calendar, not the browser’s', () => {
    // 20:00 in China on 1 June is 08:00 in New York the same day; the day searched is China's 1 June.
    const range = rangeOf('2026-06-01T12:00:00.000Z', '2026-06-01T12:00:00.000Z');
    expect(range?.[0].format('YYYY-MM-DD HH:mm')).toBe('2026-06-01 20:00');
    expect(filterOf(range)).toEqual({ from: '2026-05-31T16:00:00.000Z', to: '2026-06-01T15:59:59.999Z' });
  });

  it('fits a year and not more', () => {
    expect(rangeFits(rangeOf('2026-01-01T00:00:00.000Z', '2026-12-31T00:00:00.000Z'))).toBe(true);
    expect(rangeFits(rangeOf('2025-01-01T00:00:00.000Z', '2026-06-01T00:00:00.000Z'))).toBe(false);
    expect(rangeFits(undefined)).toBe(true);
  });
});
