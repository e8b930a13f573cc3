import type { RuleObject } from 'antd/es/form';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUserSchema, fieldRules } from '@cityops/contract';
import { changeLocale, initI18n } from '@cityops/ui';
import { zodRule } from './zodRule.js';

/** What the form item shows under the field for `value`: '' when the rule lets it pass. */
async function shown(rule: ReturnType<typeof zodRule>, value: unknown) {
  const { validator } = rule as RuleObject;
  try {
    await validator?.({}, value, () => undefined);
    return '';
  } catch (error) {
    return (error as Error).message;
  }
}

beforeAll(() => initI18n('zh-CN'));

describe('a form rule from a field rule of §5', () => {
  it('shows the rule’s text with the limit it names, in the chosen language', async () => {
    const deviceName = zodRule(fieldRules.deviceName, '设备名称');
    expect(await shown(deviceName, '灯'.repeat(32))).toBe('');
    expect(await shown(deviceName, '灯'.repeat(33))).toBe('长度不能超过32个字符');
    expect(await shown(zodRule(fieldRules.userField, '姓名'), 'x'.repeat(51))).toBe('长度为1-50个字符');
    await changeLocale('en-US');
    expect(await shown(deviceName, '灯'.repeat(33))).toBe('at most 32 characters');
    await changeLocale('zh-CN');
  });

  it('leaves an empty field to the required rule: one line under it (请输入姓名), not a bare 姓名 too', async () => {
    const name = zodRule(createUserSchema.shape.name, '姓名');
    for (const empty of ['', '   ', undefined, null]) expect(await shown(name, empty)).toBe('');
    expect(await shown(zodRule(fieldRules.userField, '姓名'), '')).toBe('');
  });

  it('falls back to the field’s own text when the schema names no text', async () => {
    expect(await shown(zodRule(fieldRules.brightness, '亮度'), 'bright')).toBe('亮度');
  });
});
