export * from './fields.js';
export * from './logs.js';
export * from './logsTexts.js';
export * from './paging.js';
export * from './sessions.js';
export * from './tableSettings.js';
export * from './texts.js';
export * from './users.js';
