import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ALARM_LISTEN_PATH, ALARM_TALK_PATH, TALK_FRAME_BYTES } from '@cityops/contract';
import { IntercomDepsContext, IntercomPanel } from './IntercomPanel.js';
import type { IntercomDeps } from './intercom.js';
import { FakeSocket } from './test/fakeSocket.js';

const socketAt = (path: string) => {
  const socket = FakeSocket.made.find((made) => made.url.endsWith(path));
  if (!socket) throw new Error(`no socket at ${path}`);
  return socket;
};

describe('intercom panel', () => {
  it('walks 正在连接麦克风 → 正在建立连接 → 麦克风连接成功 and counts the frames sent', async () => {
    FakeSocket.made = [];
    let speak: (frame: ArrayBuffer) => void = () => undefined;
    const deps: IntercomDeps = {
      WebSocket: FakeSocket,
      openMicrophone: (onFrame) => {
        speak = onFrame;
        return Promise.resolve({ stop: () => undefined });
      },
    };
    const { container } = render(
      <IntercomDepsContext.Provider value={deps}>
        <IntercomPanel alarmboxUrl="/api" hello={{ accessToken: 'a', devIds: [1], terminals: 'B' }} />
      </IntercomDepsContext.Provider>,
    );
    expect(screen.getByText('正在连接麦克风')).toBeTruthy();
    await act(async () => Promise.resolve());
    expect(screen.getByText('正在建立连接')).toBeTruthy();
    act(() => {
      for (const path of [ALARM_LISTEN_PATH, ALARM_TALK_PATH]) {
        socketAt(path).open();
        socketAt(path).receive({ type: 'ready', devIds: [1] });
      }
    });
    expect(screen.getByText('麦克风连接成功')).toBeTruthy();
    act(() => speak(new ArrayBuffer(TALK_FRAME_BYTES)));
    const panel = container.querySelector('[data-intercom]');
    expect(panel?.getAttribute('data-sent-frames')).toBe('1');
    expect(panel?.getAttribute('data-intercom-state')).toBe('connected');
    expect(screen.getByText('00:00:00')).toBeTruthy();
  });

  it("counts a call's time from its answer, connected or not, and from the same moment when mounted again", async () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 11, 7, 4, 0, 0) });
    try {
      FakeSocket.made = [];
      const deps: IntercomDeps = {
        WebSocket: FakeSocket,
        openMicrophone: () => Promise.reject(new Error('none')),
      };
      const answeredAt = Date.now() - 65_000;
      const panel = () => (
        <IntercomDepsContext.Provider value={deps}>
          <IntercomPanel
            alarmboxUrl="/api"
            hello={{ accessToken: 'a', devIds: [1], terminals: '' }}
            since={answeredAt}
          />
        </IntercomDepsContext.Provider>
      );
      const first = render(panel());
      const timer = () => document.querySelector('[data-intercom-timer]')?.textContent;
      expect(timer()).toBe('00:01:05');
      await act(async () => {
        await vi.advanceTimersByTimeAsync(2_000);
      });
      expect(timer()).toBe('00:01:07');
      first.unmount();
      await act(async () => {
        await vi.advanceTimersByTimeAsync(10_000);
      });
      render(panel());
      expect(timer()).toBe('00:01:17');
    } finally {
      vi.useRealTimers();
    }
  });

  it('says 未连接麦克风 ！ without a microphone', async () => {
    FakeSocket.made = [];
    const noMicrophone: IntercomDeps = {
      WebSocket: FakeSocket,
      openMicrophone: () => Promise.reject(new Error('none')),
    };
    render(
      <IntercomDepsContext.Provider value={noMicrophone}>
        <IntercomPanel alarmboxUrl="/api" hello={{ accessToken: 'a', devIds: [1], terminals: '' }} yelling />
      </IntercomDepsContext.Provider>,
    );
    await act(async () => Promise.resolve());
    expect(screen.getByText('未连接麦克风 ！')).toBeTruthy();
  });
});
