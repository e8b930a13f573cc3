export * from './receiverLogic.js';
export * from './receiverStore.js';
export * from './alarmSocket.js';
