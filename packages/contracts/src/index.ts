export * from './constants.js';
export * from './messages.js';
export * from './common.js';
export * from './auth.js';
export * from './registration.js';
export * from './profile.js';
