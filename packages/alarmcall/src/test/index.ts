/** What tests of the receiver's users share: alarm records as the server sends them, a fake socket. */
export { alarmRecord } from './records.js';
export { FakeSocket } from './fakeSocket.js';
