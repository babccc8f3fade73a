// Types of server-node-flags.mjs, for the TypeScript that starts the server (playwright.config.ts).
export function serverNodeFlags(): string[];
