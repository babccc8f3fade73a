/** Web access (docs/design/policy.md; 002 §2.3-2.5, §3): the category catalogue, rules, schedules, normalisation. */
export * from './api.js';
export * from './categories.js';
export * from './match-pattern.js';
export * from './messages.js';
export * from './normalise.js';
export * from './rules.js';
export * from './schedule.js';
export * from './trace.js';
export * from './social-sites.js';
