/** Mobile apps (issue 12; 001 §2.4, §3, §4, §7 'App requests', §8; 002 §2.6, §3, §4.4, §7): requests, details, approval, assignment. */
export * from './messages.js';
export * from './requests.js';
export * from './actions.js';
export * from './detail.js';
export * from './assignments.js';
