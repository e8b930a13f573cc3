export * from './constants.js';
export * from './envelope.js';
export * from './texts.js';
export * from './validation.js';
export * from './permissions.js';
export * from './endpoint.js';
export * from './auth.js';
export * from './settings.js';
