import { describe, expect, it } from 'vitest';
import { i18n } from '@cityops/ui';
import { PlayerError, TALK_RESET_CODES, formatPlayerError, isKnownPlayerError } from './errors.js';

const t = (key: string, options?: Record<string, unknown>) => i18n.t(key as 'video.windowError', options);

describe('player errors', () => {
  it('show 窗口N错误码[code] and the reason, counting windows from 1', () => {
    expect(formatPlayerError(t, 0, '0x12f910000')).toBe('窗口1错误码[0x12f910000]：websocket连接失败');
    expect(formatPlayerError(t, 3, PlayerError.MAX_SPEED)).toBe('窗口4错误码[0x12f910021]：已是最大倍速');
  });

  it('show an unknown code alone', () => {
    expect(isKnownPlayerError('0x12f999999')).toBe(false);
    expect(formatPlayerError(t, 1, '0x12f999999')).toBe('窗口2错误码[0x12f999999]');
  });

  it('know every code of the catalogue, with a reason in both languages', () => {
    const codes = Object.values(PlayerError);
    expect(codes).toHaveLength(29);
    for (const code of codes) {
      expect(i18n.t(`video.error.${code}`, { lng: 'zh-CN' })).not.toBe(`video.error.${code}`);
      expect(i18n.t(`video.error.${code}`, { lng: 'en-US' })).not.toBe(`video.error.${code}`);
    }
  });

  it('reset the talk on a backend timeout or an interrupted stream only', () => {
    expect([...TALK_RESET_CODES].sort()).toEqual(['0x12f910011', '0x12f910027']);
  });
});
