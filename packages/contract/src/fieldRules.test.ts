import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { todayInChina } from './chinaTime.js';
import {
  checkDateRange,
  checkEndAfterStart,
  checkHistoryRange,
  fieldRules,
  issueValues,
  TEXT_MAX,
  TEXT_RANGE,
  UPLOAD_MAX_BYTES,
  type RangeKind,
  type TextKind,
} from './fieldRules.js';
import { text, type TextKey } from './texts.js';

/** What the user reads when a rule refuses `value`, in both languages; null when it is accepted. */
function refusal(rule: z.ZodType, value: unknown) {
  const parsed = rule.safeParse(value);
  if (parsed.success) return null;
  const issue = parsed.error.issues[0];
  if (!issue) throw new Error('a refusal names its issue');
  const key = issue.message as TextKey;
  return [text(key, 'zh-CN', issueValues(issue)), text(key, 'en-US', issueValues(issue))];
}

const both = (key: TextKey | null) => key && [text(key, 'zh-CN'), text(key, 'en-US')];
const ids = (count: number) => Array.from({ length: count }, (_, i) => i + 1);
const DAY_MS = 86_400_000;

describe('text lengths of §5', () => {
  const cases: [TextKind, number][] = [
    ['text', 32],
    ['longText', 50],
    ['textarea', 200],
    ['name', 15],
    ['idCode', 18],
    ['deviceName', 32],
    ['controlCode', 128],
    ['search', 10],
    ['largeText', 20480],
    ['permission', 100],
    ['pushText', 500],
  ];

  it.each(cases)('%s takes %i characters and refuses one more', (kind, max) => {
    expect(TEXT_MAX[kind]).toBe(max);
    expect(refusal(fieldRules[kind], '字'.repeat(max))).toBeNull();
    expect(refusal(fieldRules[kind], ` ${'x'.repeat(max)} `)).toBeNull();
    expect(refusal(fieldRules[kind], '字'.repeat(max + 1))).toEqual([
      `长度不能超过${max}个字符`,
      `at most ${max} characters`,
    ]);
  });
});

describe('bounded names of §5', () => {
  const cases: [RangeKind, number][] = [
    ['shortName', 30],
    ['longName', 100],
    ['userField', 50],
    ['projectName', 200],
  ];

  it.each(cases)('%s takes 1-%i characters', (kind, max) => {
    expect(TEXT_RANGE[kind]).toEqual({ min: 1, max });
    const rule = fieldRules[kind];
    const message = [`长度为1-${max}个字符`, `Enter 1-${max} characters`];
    expect(refusal(rule, '名')).toBeNull();
    expect(refusal(rule, 'n'.repeat(max))).toBeNull();
    expect(refusal(rule, 'n'.repeat(max + 1))).toEqual(message);
    expect(refusal(rule, '   ')).toEqual(message);
  });
});

describe('sort numbers, persons and birth dates', () => {
  it('takes sort numbers below 1000', () => {
    expect(refusal(fieldRules.sortNum, 0)).toBeNull();
    expect(refusal(fieldRules.sortNum, 999)).toBeNull();
    expect(refusal(fieldRules.sortNum, 1000)).toEqual([
      '排序号必须小于1000',
      'The sort number must be below 1000',
    ]);
  });

  it('takes only Chinese or English letters for a person in charge', () => {
    expect(refusal(fieldRules.person, '张三')).toBeNull();
    expect(refusal(fieldRules.person, 'Li Lei')).toBeNull();
    expect(refusal(fieldRules.person, '阿凡提·买买提')).toBeNull();
    const message = ['只能输入中文或英文字母', 'Chinese or English letters only'];
    expect(refusal(fieldRules.person, '张三1')).toEqual(message);
    expect(refusal(fieldRules.person, 'admin_1')).toEqual(message);
  });

  it('takes a birth date of today but not tomorrow', () => {
    const today = todayInChina();
    const tomorrow = todayInChina(new Date(Date.now() + DAY_MS));
    expect(refusal(fieldRules.birthDate, today)).toBeNull();
    expect(refusal(fieldRules.birthDate, tomorrow)).toEqual([
      '出生日期不能晚于今天',
      'The birth date cannot be later than today',
    ]);
  });
});

describe('time ranges', () => {
  const endAfterStart = ['结束时间必须晚于开始时间', 'The end must be later than the start'];

  it('needs the end later than the start', () => {
    expect(checkEndAfterStart('2026-01-01', '2026-01-02')).toBeNull();
    expect(both(checkEndAfterStart('2026-01-02', '2026-01-02'))).toEqual(endAfterStart);
    expect(both(checkEndAfterStart(2, 1))).toEqual(endAfterStart);
  });

  it('lets a lamp plan span at most 1 year', () => {
    expect(checkDateRange('2026-03-01', '2027-03-01')).toBeNull();
    expect(both(checkDateRange('2026-03-01', '2027-03-02'))).toEqual([
      '日期范围不能超过1年',
      'The date range may span at most 1 year',
    ]);
    expect(both(checkDateRange('2026-03-01', '2026-03-01'))).toEqual(endAfterStart);
  });

  it('lets a history query span at most 7 days, within the last 7 days', () => {
    const now = Date.UTC(2026, 10, 25);
    expect(checkHistoryRange(now - 7 * DAY_MS, now, now)).toBeNull();
    expect(both(checkHistoryRange(now - 7 * DAY_MS - 1, now, now))).toEqual([
      '查询时间跨度不能超过7天',
      'A query may span at most 7 days',
    ]);
    expect(both(checkHistoryRange(now - 8 * DAY_MS, now - 7 * DAY_MS, now))).toEqual([
      '只能查询最近7天的历史数据',
      'Only the last 7 days of history can be queried',
    ]);
    expect(both(checkHistoryRange(now, now, now))).toEqual(endAfterStart);
  });
});

describe('choices of devices', () => {
  const cases = [
    ['deviceChoice', 10, '最多选择10个设备或分组', 'Choose at most 10 devices or groups'],
    ['monitoredDevices', 20, '最多同时监控20个设备', 'At most 20 devices can be monitored at once'],
    ['deviceSelection', 30_000, '最多选择30000个设备', 'Choose at most 30000 devices'],
  ] as const;

  it.each(cases)('%s takes %i devices and refuses one more', (rule, max, zh, en) => {
    expect(refusal(fieldRules[rule], ids(max))).toBeNull();
    expect(refusal(fieldRules[rule], ids(max + 1))).toEqual([zh, en]);
  });

  it('needs at least one switch chosen', () => {
    expect(refusal(fieldRules.switchChoice, ids(1))).toBeNull();
    expect(refusal(fieldRules.switchChoice, [])).toEqual([
      '请至少选择一个开关',
      'Choose at least one switch',
    ]);
    expect(refusal(fieldRules.switchChoice, ids(11))?.[0]).toBe('最多选择10个设备或分组');
  });
});

describe('uploads', () => {
  const cases = [
    ['packageUpload', 'package', '100M'],
    ['mediaUpload', 'media', '50M'],
    ['fileUpload', 'file', '20M'],
  ] as const;

  it.each(cases)('%s takes files up to %s', (rule, kind, size) => {
    const max = UPLOAD_MAX_BYTES[kind];
    expect(`${max / 1024 / 1024}M`).toBe(size);
    expect(refusal(fieldRules[rule], max)).toBeNull();
    expect(refusal(fieldRules[rule], max + 1)).toEqual([
      `上传的文件不能超过${size}`,
      `The file may not exceed ${size}`,
    ]);
  });
});

describe('screens', () => {
  it('needs a brightness above 0', () => {
    expect(refusal(fieldRules.brightness, 1)).toBeNull();
    expect(refusal(fieldRules.brightness, 0)).toEqual([
      '屏幕亮度必须大于0',
      'The screen brightness must be above 0',
    ]);
  });

  it('needs a text size below 1638', () => {
    expect(refusal(fieldRules.textSize, 1637)).toBeNull();
    expect(refusal(fieldRules.textSize, 1638)).toEqual([
      '字号必须小于1638',
      'The text size must be below 1638',
    ]);
  });
});
