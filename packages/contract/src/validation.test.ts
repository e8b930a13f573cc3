import { describe, expect, it } from 'vitest';
import {
  checkAccount,
  checkConfirmPassword,
  checkLatitude,
  checkLongitude,
  checkNewPassword,
  checkPassword,
  normaliseAccount,
  passwordClasses,
  stripChinese,
} from './validation.js';
import { contractTexts, text, type TextKey } from './texts.js';

/** The Chinese text a rule answers, as the user sees it. */
const zh = (key: TextKey | null) => (key ? text(key) : null);

describe('login account', () => {
  it('is required', () => {
    expect(zh(checkAccount(''))).toBe('请输入账号');
    expect(zh(checkAccount('   '))).toBe('请输入账号');
  });

  it('loses all whitespace before it is checked', () => {
    expect(normaliseAccount(' ad  min\t')).toBe('admin');
    expect(checkAccount(' ad min ')).toBeNull();
  });

  it('takes 2-50 letters, digits or underscores', () => {
    const message = '账号长度2-50位,只能为字母、数字或任意组合';
    expect(checkAccount('ab')).toBeNull();
    expect(checkAccount('a_1')).toBeNull();
    expect(checkAccount('x'.repeat(50))).toBeNull();
    expect(zh(checkAccount('a'))).toBe(message);
    expect(zh(checkAccount('x'.repeat(51)))).toBe(message);
    expect(zh(checkAccount('admin-1'))).toBe(message);
    expect(zh(checkAccount('管理员'))).toBe(message);
    expect(zh(checkAccount("' OR 1=1 --"))).toBe(message);
  });
});

describe('login password', () => {
  const message = '密码长度6-16位,必须是字母、数字、特殊字符或任意组合';

  it('is required', () => {
    expect(zh(checkPassword(''))).toBe('请输入密码');
  });

  it('takes 6-16 characters without spaces or Chinese', () => {
    expect(checkPassword('123456')).toBeNull();
    expect(checkPassword('Admin@123')).toBeNull();
    expect(checkPassword('x'.repeat(16))).toBeNull();
    expect(zh(checkPassword('12345'))).toBe(message);
    expect(zh(checkPassword('x'.repeat(17)))).toBe(message);
    expect(zh(checkPassword('abc 123'))).toBe(message);
    expect(zh(checkPassword('密码abc123'))).toBe(message);
  });

  it('has Chinese characters stripped from the input as it is typed', () => {
    expect(stripChinese('Ad密min码@123')).toBe('Admin@123');
  });

  it('asks for the old password with its own text in the change dialog', () => {
    expect(zh(checkPassword('', 'oldPassword.required'))).toBe('请输入原密码');
  });
});

describe('new password', () => {
  const message = '密码的组成至少要包括大小写字母、数字及特殊符号的其中两项,6-16位';

  it('needs at least two of upper case, lower case, digit and symbol', () => {
    expect(passwordClasses('abcdef')).toBe(1);
    expect(passwordClasses('Abc@12')).toBe(4);
    expect(zh(checkNewPassword('abcdefg'))).toBe(message);
    expect(zh(checkNewPassword('1234567'))).toBe(message);
    expect(checkNewPassword('abc123')).toBeNull();
    expect(checkNewPassword('ABC@@@')).toBeNull();
  });

  it('takes 6-16 characters without spaces', () => {
    expect(zh(checkNewPassword('Ab1'))).toBe(message);
    expect(zh(checkNewPassword('Ab1'.repeat(6)))).toBe(message);
    expect(zh(checkNewPassword('Ab1 Ab1'))).toBe(message);
  });

  it('must match its confirmation', () => {
    expect(zh(checkConfirmPassword('Abc@123', 'Abc@124'))).toBe('确认新密码和新密码不一致。');
    expect(checkConfirmPassword('Abc@123', 'Abc@123')).toBeNull();
  });
});

describe('coordinates', () => {
  it('accepts longitudes -180..180 with 5 decimals below 100 and 10 from 100', () => {
    expect(checkLongitude('99.12345')).toBeNull();
    expect(checkLongitude('113.9876543210')).toBeNull();
    expect(checkLongitude(-180)).toBeNull();
    expect(zh(checkLongitude('99.123456'))).toBe('请输入正确的经度，-180~180');
    expect(zh(checkLongitude('180.5'))).toBe('请输入正确的经度，-180~180');
    expect(zh(checkLongitude('abc'))).toBe('请输入正确的经度，-180~180');
  });

  it('accepts latitudes -90..90', () => {
    expect(checkLatitude('22.5431')).toBeNull();
    expect(zh(checkLatitude('90.1'))).toBe('请输入正确的纬度，-90~90');
    expect(zh(checkLatitude('x'))).toBe('请输入正确的纬度，-90~90');
  });
});

describe('texts', () => {
  it('has every key in both languages', () => {
    expect(Object.keys(contractTexts['en-US']).sort()).toEqual(Object.keys(contractTexts['zh-CN']).sort());
  });

  it('fills placeholders', () => {
    expect(text('login.locked', 'zh-CN', { minutes: 10 })).toBe('账号已被锁定，请10分钟后再试');
    expect(text('login.locked', 'en-US', { minutes: 3 })).toBe(
      'The account is locked; try again in 3 minutes',
    );
  });
});
