export * from './calls.js';
export * from './protocol.js';
export * from './texts.js';
export * from './demo.js';
