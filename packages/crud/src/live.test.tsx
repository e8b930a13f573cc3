import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { COOKIE_TOKEN, FOLLOW_DEVICES_MAX } from '@cityops/contract';
import { jsonFrames } from '@cityops/client';
import { useFollowingSocket } from './live.js';
import { FakeWebSocket } from './test/fakeSocket.js';

const parse = jsonFrames(z.object({ type: z.string() }));

describe('a socket that follows the devices on the page', () => {
  const real = globalThis.WebSocket;
  beforeEach(() => {
    FakeWebSocket.made = [];
    Object.defineProperty(globalThis, 'WebSocket', { writable: true, value: FakeWebSocket });
    document.cookie = `${COOKIE_TOKEN}=tok-follow; path=/`;
  });
  afterEach(() => {
    Object.defineProperty(globalThis, 'WebSocket', { writable: true, value: real });
  });

  it('names them after each ready and whenever they change, each once and at most FOLLOW_DEVICES_MAX', async () => {
    const heard: string[] = [];
    const many = Array.from({ length: FOLLOW_DEVICES_MAX + 5 }, (_, i) => i + 1);
    const { rerender } = renderHook(
      ({ deviceIds }) =>
        useFollowingSocket({
          path: '/push/test',
          parse,
          deviceIds,
          onFrame: (frame) => heard.push(frame.type),
        }),
      { initialProps: { deviceIds: [3, 1, 3] as readonly number[] } },
    );
    await waitFor(() => expect(FakeWebSocket.made).toHaveLength(1));
    const socket = FakeWebSocket.made[0] as FakeWebSocket;
    act(() => socket.open());
    act(() => socket.receive({ type: 'ready' }));
    const follows = () => socket.sent.filter((frame) => (frame as { type?: string }).type === 'follow');
    expect(follows()).toEqual([{ type: 'follow', deviceIds: [3, 1] }]);
    expect(heard).toEqual(['ready']);

    rerender({ deviceIds: many });
    await waitFor(() => expect(follows()).toHaveLength(2));
    expect(follows()[1]).toEqual({ type: 'follow', deviceIds: many.slice(0, FOLLOW_DEVICES_MAX) });
    // The same devices again (a new array, as a refetched page gives) name nothing new.
    rerender({ deviceIds: [...many] });
    act(() => socket.receive({ type: 'other' }));
    expect(follows()).toHaveLength(2);
    expect(heard).toEqual(['ready', 'other']);
  });
});
