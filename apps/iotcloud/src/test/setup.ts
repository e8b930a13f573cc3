import '@cityops/ui/testing';
import { beforeEach } from 'vitest';
import { FakeWebSocket } from '@cityops/crud/testing';

// No test reaches a network: the live socket is a stand-in the tests play the server through.
Object.defineProperty(globalThis, 'WebSocket', { writable: true, value: FakeWebSocket });

beforeEach(() => {
  FakeWebSocket.made = [];
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; Max-Age=0; path=/`;
  }
});
