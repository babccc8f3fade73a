/** Website and media requests (001 §2.4-2.6, §3-§9): the console calls, their texts and the rules of each row's actions. */
export * from './api.js';
export * from './actions.js';
export * from './messages.js';
