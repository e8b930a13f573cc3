export * from './types.js';
export * from './thingModel.js';
export * from './devices.js';
export * from './telemetry.js';
export * from './protocol.js';
export * from './texts.js';
export * from './demo.js';
export * from './points.js';
