// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { DatePicker } from 'antd';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import '../testing/jsdomSetup.js';
import { inBrowserZone } from '../testing/timeZone.js';
import { changeLocale, initI18n } from '../i18n/i18n.js';
import { formatDuration } from './duration.js';
import { platformDay, platformNow, platformTimeOf, zonedTitle } from './platformTime.js';
import { timeTexts } from './texts.js';
import { agentOf, describeAgent } from './userAgent.js';

// The browser runs in New York (UTC-5 in December) while the platform is in China (UTC+8): a page
// that used the browser's clock would show times 13 hours off.
inBrowserZone('America/New_York');
beforeAll(async () => {
  await initI18n('zh-CN');
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('the platform time rule', () => {
  it('shows and reads times in China time whatever the browser’s zone', () => {
    expect(new Date('2026-12-07T00:30:00Z').getHours()).toBe(19);
    expect(platformDay('2026-12-07T00:30:00Z').format('YYYY-MM-DD HH:mm:ss')).toBe('2026-12-07 08:30:00');
    expect(platformTimeOf('2026-12-07 08:00:00').toISOString()).toBe('2026-12-07T00:00:00.000Z');
    expect(platformDay('2026-12-07T17:00:00Z').startOf('day').toISOString()).toBe('2026-12-07T16:00:00.000Z');
    expect(zonedTitle('登录时间')).toBe('登录时间 (UTC+8)');
  });

  it('has a date picker show a stored time, and pick now, on the platform’s clock', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-07T20:00:00Z'));
    expect(platformNow().format('YYYY-MM-DD HH:mm')).toBe('2026-12-08 04:00');
    const picked: string[] = [];
    render(
      <DatePicker
        showTime
        aria-label="时间"
        defaultValue={platformDay('2026-12-07T00:30:00Z')}
        onChange={(value) => picked.push(value?.toISOString() ?? '')}
      />,
    );
    const input = screen.getByLabelText('时间') as HTMLInputElement;
    expect(input.value).toBe('2026-12-07 08:30:00');
    fireEvent.mouseDown(input);
    fireEvent.click(input);
    fireEvent.click(screen.getByText(/^(此刻|Now)$/));
    expect(input.value).toBe('2026-12-08 04:00:00');
    expect(picked).toEqual(['2026-12-07T20:00:00.000Z']);
  });
});

describe('durations', () => {
  it('reads as its two largest units, in the language in use', async () => {
    expect(formatDuration(3 * 86_400 + 4 * 3_600 + 59)).toBe('3天4小时');
    expect(formatDuration(3_660)).toBe('1小时1分');
    expect(formatDuration(86_400 + 30)).toBe('1天');
    expect(formatDuration(42)).toBe('42秒');
    expect(formatDuration(0)).toBe('0秒');
    await changeLocale('en-US');
    expect(formatDuration(3 * 86_400 + 4 * 3_600)).toBe('3 d 4 h');
    expect(timeTexts.t('minutes', { count: 5 })).toBe('5 min');
    await changeLocale('zh-CN');
  });
});

describe('user agents', () => {
  const chromeOnWindows =
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
  const safariOnMac =
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';

  it('names the browser and the system instead of the raw string', () => {
    expect(describeAgent(chromeOnWindows)).toBe('Chrome 131 · Windows 10');
    expect(agentOf(safariOnMac)).toEqual({ browser: 'Safari 17', os: 'macOS Catalina' });
    expect(describeAgent('curl/8.5.0')).toBe('未知浏览器');
  });
});
