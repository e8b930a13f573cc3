import { afterEach, describe, expect, it, vi } from 'vitest';
import { PLUGIN_TIMING } from '@cityops/contract';
import { ensurePlugin, launchPluginByScheme, PLUGIN_START_URL, type StartStep } from './starter.js';

afterEach(() => {
  document.body.replaceChildren();
});

// Discovery is the real client's (client.test.ts); here the plug-in's presence is what the test says,
// and starting it by URL scheme is the operating system's business: both stand in as functions.
describe('finding or starting the plug-in (§4.8)', () => {
  it('uses a plug-in that is already running, starting nothing', async () => {
    const launch = vi.fn();
    const steps: StartStep[] = [];
    const found = await ensurePlugin({
      discover: () => Promise.resolve('plug-in'),
      launch,
      onStep: (s) => steps.push(s),
    });
    expect(found).toBe('plug-in');
    expect(launch).not.toHaveBeenCalled();
    expect(steps).toEqual([{ step: 'discovering' }, { step: 'found' }]);
  });

  it('starts it by its URL scheme once, looks again 3 times, 3 s apart, then fails', async () => {
    vi.useFakeTimers();
    const launch = vi.fn();
    const discover = vi.fn(() => Promise.resolve(null));
    const steps: StartStep[] = [];
    const result = ensurePlugin({ discover, launch, onStep: (s) => steps.push(s) });
    await vi.advanceTimersByTimeAsync(0);
    expect(steps).toEqual([{ step: 'discovering' }, { step: 'starting', attempt: 1, of: 3 }]);
    expect(launch).toHaveBeenCalledTimes(1);
    // Nothing more until the 3 s are up.
    await vi.advanceTimersByTimeAsync(PLUGIN_TIMING.startRetryMs - 1);
    expect(discover).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(discover).toHaveBeenCalledTimes(2);
    expect(steps.at(-1)).toEqual({ step: 'starting', attempt: 2, of: 3 });
    await vi.advanceTimersByTimeAsync(PLUGIN_TIMING.startRetryMs * 2);
    expect(await result).toBeNull();
    // A browser refuses (and logs) a second start by URL scheme without a click in between.
    expect(launch).toHaveBeenCalledTimes(1);
    expect(discover).toHaveBeenCalledTimes(PLUGIN_TIMING.startRetries + 1);
    expect(steps).toEqual([
      { step: 'discovering' },
      { step: 'starting', attempt: 1, of: 3 },
      { step: 'starting', attempt: 2, of: 3 },
      { step: 'starting', attempt: 3, of: 3 },
      { step: 'failed' },
    ]);
  });

  it('stops trying once a start worked', async () => {
    vi.useFakeTimers();
    const launch = vi.fn();
    // The plug-in comes up at the third look (the second try): a slow start.
    const discover = vi.fn(() => Promise.resolve(discover.mock.calls.length >= 3 ? 'plug-in' : null));
    const steps: StartStep[] = [];
    const result = ensurePlugin({ discover, launch, onStep: (s) => steps.push(s) });
    await vi.advanceTimersByTimeAsync(PLUGIN_TIMING.startRetryMs * 3);
    expect(await result).toBe('plug-in');
    expect(discover).toHaveBeenCalledTimes(3);
    expect(launch).toHaveBeenCalledTimes(1);
    expect(steps.at(-1)).toEqual({ step: 'found' });
  });

  it('gives up quietly when the page leaves', async () => {
    vi.useFakeTimers();
    const controller = new AbortController();
    const steps: StartStep[] = [];
    const result = ensurePlugin({
      discover: () => Promise.resolve(null),
      launch: () => undefined,
      onStep: (s) => steps.push(s),
      signal: controller.signal,
    });
    await vi.advanceTimersByTimeAsync(10);
    controller.abort();
    expect(await result).toBeNull();
    expect(steps.some((s) => s.step === 'failed')).toBe(false);
  });

  it('starts by a hidden frame, so the page stays where it is', () => {
    vi.useFakeTimers();
    launchPluginByScheme(document);
    const frame = document.querySelector('iframe');
    expect(frame?.getAttribute('src')).toBe('cityops-plugin://start');
    expect(PLUGIN_START_URL).toBe('cityops-plugin://start');
    expect(frame?.style.display).toBe('none');
    vi.advanceTimersByTime(PLUGIN_TIMING.startRetryMs);
    expect(document.querySelector('iframe')).toBeNull();
  });
});
