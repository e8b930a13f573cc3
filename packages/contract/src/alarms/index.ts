export * from './states.js';
export * from './rules.js';
export * from './alarms.js';
export * from './workOrders.js';
export * from './statistics.js';
export * from './texts.js';
