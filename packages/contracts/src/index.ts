/** The contracts package: every endpoint's zod schemas, limits, keys, labels and messages, once, for the server and the web app. */
export * from './constants.js';
export * from './messages.js';
export * from './messages-core.js';
export * from './common.js';
export * from './auth.js';
export * from './login-form.js';
export * from './registration.js';
export * from './profile.js';
export * from './lists.js';
export * from './users.js';
export * from './account.js';
export * from './support.js';
export * from './server-users.js';
export * from './enrolment-tokens.js';
export * from './agent.js';
export * from './two-factor.js';
export * from './roles.js';
