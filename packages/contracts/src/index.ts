export * from './codes.js';
export * from './envelope.js';
export * from './call.js';
export * from './constants.js';
export * from './wire.js';
export * from './calls/index.js';
export * as auth from './calls/auth.js';
