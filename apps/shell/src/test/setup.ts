import '@cityops/ui/testing';
import { beforeEach } from 'vitest';
import { queryClient } from '../app/queryClient';
import { FakeWebSocket } from './pushSocket';

// No test reaches a network: the message push socket is a stand-in the tests play the server through.
Object.defineProperty(globalThis, 'WebSocket', { writable: true, value: FakeWebSocket });

beforeEach(() => {
  FakeWebSocket.made = [];
  localStorage.clear();
  queryClient.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; Max-Age=0; path=/`;
  }
});
