import '@cityops/ui/testing';
import { beforeEach } from 'vitest';
import { FakeWebSocket } from '@cityops/crud/testing';

// No test reaches a network: the alarm feed socket is a stand-in the tests play the server through.
Object.defineProperty(globalThis, 'WebSocket', { writable: true, value: FakeWebSocket });

beforeEach(() => {
  FakeWebSocket.made = [];
});
