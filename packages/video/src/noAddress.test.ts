import { describe, expect, it } from 'vitest';
import { i18n } from '@cityops/ui';
import { devicesWithoutAddress, noAddressText } from './noAddress.js';

const t = i18n.getFixedT('zh-CN', 'ui');

describe('devices without an address (§5)', () => {
  it('names them by code, or by name without one', () => {
    expect(
      devicesWithoutAddress([{ controlCode: 'a' }, { controlCode: 'b' }, { devName: '无编码' }], {
        a: 'ws://x',
      }),
    ).toEqual(['b', '无编码']);
  });

  it('says which of live view, playback and talk they cannot have', () => {
    expect(noAddressText(t, ['cam-1', 'cam-2'], 'live')).toBe('设备[cam-1,cam-2]，无预览地址，无法预览。');
    expect(noAddressText(t, ['cam-1'], 'playback')).toBe('设备[cam-1]，无回放地址，无法回放。');
    expect(noAddressText(t, ['cam-3'], 'talk')).toBe('设备[cam-3]，无对讲地址，无法对讲。');
  });
});
