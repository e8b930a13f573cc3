import { describe, expect, it } from 'vitest';
import { listText } from './listText.js';

describe('listText', () => {
  it('joins with the ideographic comma in Chinese and a comma and space in English', () => {
    expect(listText(['admin', 'iotcloud', 'omapp'], 'zh-CN')).toBe('admin、iotcloud、omapp');
    expect(listText(['admin', 'iotcloud', 'omapp'], 'en-US')).toBe('admin, iotcloud, omapp');
  });

  it('shows one item as it is and none as nothing', () => {
    expect(listText(['admin'], 'en-US')).toBe('admin');
    expect(listText([], 'zh-CN')).toBe('');
  });
});
