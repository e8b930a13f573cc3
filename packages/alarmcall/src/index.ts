export * from './receiverLogic.js';
export * from './receiverStore.js';
