/** Names of the template databases the global set-up makes once per run (global-setup.ts, db.ts). */
export const EMPTY_TEMPLATE = 'tpl_empty';
export const DEMO_TEMPLATE = 'tpl_demo';
