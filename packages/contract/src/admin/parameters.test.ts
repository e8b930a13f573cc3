import { describe, expect, it } from 'vitest';
import { PASSWORD_MIN, SESSION_IDLE_MINUTES_DEFAULT } from '../constants.js';
import { text } from '../texts.js';
import {
  PARAMETER_DEFAULTS,
  PARAMETER_GROUPS,
  PARAMETER_SCHEMAS,
  passwordPolicyBreach,
  updateParametersSchema,
} from './parameters.js';

const issue = (body: unknown) => updateParametersSchema.safeParse(body).error?.issues[0];

describe('system parameters', () => {
  it('default to the constants, and every default passes its own schema', () => {
    expect(PARAMETER_DEFAULTS.session.idleMinutes).toBe(SESSION_IDLE_MINUTES_DEFAULT);
    expect(PARAMETER_DEFAULTS.password.minLength).toBe(PASSWORD_MIN);
    for (const group of PARAMETER_GROUPS)
      expect(PARAMETER_SCHEMAS[group].safeParse(PARAMETER_DEFAULTS[group]).success, group).toBe(true);
  });

  it('holds a password to the policy after §5: its length first, then each required class', () => {
    const policy = { minLength: 10, requiredClasses: ['upper', 'symbol'] as const };
    const breach = (password: string) => {
      const found = passwordPolicyBreach(password, {
        ...policy,
        requiredClasses: [...policy.requiredClasses],
      });
      return found && text(found.key, 'zh-CN', found.values);
    };
    expect(breach('abc12')).toBe('密码长度不能少于10位');
    expect(breach('abcdef12345')).toBe('密码必须包含大写字母');
    expect(breach('Abcdef12345')).toBe('密码必须包含特殊字符');
    expect(breach('Abcdef@12345')).toBeNull();
    expect(passwordPolicyBreach('abc123', { minLength: 6, requiredClasses: [] })).toBeNull();
  });

  it('judges the default centre by §5: range and decimals, in the spec’s words', () => {
    const map = {
      group: 'map',
      provider: 'offline',
      tileUrl: '',
      tileCoordinates: 'wgs84',
      centerLng: 113.93041,
      centerLat: 22.53332,
      zoom: 14,
    };
    expect(updateParametersSchema.safeParse(map).success).toBe(true);
    expect(issue({ ...map, centerLng: 181 })?.message).toBe('longitude.format');
    expect(issue({ ...map, centerLng: 99.123456 })?.message).toBe('longitude.format');
    expect(updateParametersSchema.safeParse({ ...map, centerLng: 120.1234567891 }).success).toBe(true);
    expect(issue({ ...map, centerLat: 90.5 })?.message).toBe('latitude.format');
    expect(issue({ ...map, provider: 'tiles' })).toMatchObject({
      path: ['tileUrl'],
      message: 'parameter.tileUrlRequired',
    });
  });
});
