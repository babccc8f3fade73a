// The node flags the server runs with: those of package.json's "serve" script (npm start runs it), read
// from there for the processes that start the server themselves (the benchmarks, the e2e server), so
// that they measure and test what runs in production. docs/decisions/server.md
// "The server's V8 worker pool (session 13)".
import { readFileSync } from 'node:fs';

/** The flags between `node` and `apps/server/dist/main.js` in the "serve" script. */
export function serverNodeFlags() {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  const serve = /^node((?:\s+--[\w-]+(?:=\S+)?)*)\s+apps\/server\/dist\/main\.js$/.exec(pkg.scripts?.serve ?? '');
  if (!serve) throw new Error('package.json "serve" is not `node [flags] apps/server/dist/main.js`');
  return serve[1].split(/\s+/).filter(Boolean);
}
