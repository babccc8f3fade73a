/**
 * Every kept thing of the server, with what it holds, what stamps it, how stale it can be in another
 * process and its bound. A cache made on lib/kept/ names its entry here (createStamped and the others
 * refuse an unknown name), and docs/architecture.md's "What is kept" table is written from this list
 * (`npm run docs:kept`; kept-table.test.ts fails when the committed table differs).
 */
export const KEPT = [
  {
    name: 'sessions',
    where: 'domain/sessions/session-cache.ts',
    holds: 'console sessions with their user (role, status, name)',
    stampedBy: 'time: 5 s',
    acrossProcesses: 'none: sign-out, deactivation, role or password change broadcast a forget (LISTEN/NOTIFY)',
    bound: '10,000 sessions',
  },
  {
    name: 'device-secrets',
    where: 'domain/devices/agent-devices.ts',
    holds: 'devices found by their secret (id, account, kind)',
    stampedBy: 'time: 60 s (2 s while the listener is down)',
    acrossProcesses: 'none: retirement, re-enrolment and replacement broadcast a forget',
    bound: '100,000 devices',
  },
  {
    name: 'refused-secrets',
    where: 'domain/devices/agent-devices.ts',
    holds: 'secrets no device holds, with the refusal',
    stampedBy: 'time: 3 s',
    acrossProcesses: 'none: a secret that becomes valid is forgotten by broadcast',
    bound: '10,000 secrets',
  },
  {
    name: 'list-answers',
    where: 'lib/lists/list-answers.ts',
    holds: "a list view's whole answer (JSON bytes): requests, apps, a user's apps page",
    stampedBy: "the account's list_versions of the list's tables",
    acrossProcesses: 'none (versions are read from the database each request)',
    bound: '16 MiB per list',
  },
  {
    name: 'users-windows',
    where: 'modules/users/list-stamp.ts',
    holds: "where the users list's activity windows next lose someone, by account",
    stampedBy: "the account's users version and latest last activity; the clock",
    acrossProcesses: 'none (the version and latest last activity are read each request)',
    bound: '10,000 accounts',
  },
  {
    name: 'web-access-pages',
    where: 'modules/web-access/kept-answers.ts',
    holds: "a node's websites or media page (JSON bytes)",
    stampedBy: 'rules (and requests) version, the node, its time zone and default; the clock (decidedUntil)',
    acrossProcesses: 'none',
    bound: '16 MiB',
  },
  {
    name: 'website-pages',
    where: 'modules/web-access/repository.ts',
    holds: "a page of the account's website rows (undecided)",
    stampedBy: "the account's web_access_rules version",
    acrossProcesses: 'none',
    bound: '1,000 pages',
  },
  {
    name: 'device-policies',
    where: 'domain/devices/device-policy.ts',
    holds: 'policies just computed, by device',
    stampedBy: "the device's stored policy version; 60 s",
    acrossProcesses: 'none (the stored version is read each fetch)',
    bound: '16 policies',
  },
  {
    name: 'scope-rules',
    where: 'domain/web-access/scope-rules.ts',
    holds: "each scope's rules, indexed for addresses",
    stampedBy: "the account's web_access_rules version (reads without one: 10 s)",
    acrossProcesses: 'none for node reads; 10 s (+10 s stale) for reads without a version',
    bound: '2,000 scopes',
  },
  {
    name: 'covered-rows',
    where: 'domain/web-access/decide-all.ts',
    holds: "the rows a chain's rules cover, with their plain decisions",
    stampedBy: "the chain's kept scope rules (scope-rules' entries)",
    acrossProcesses: 'as scope-rules',
    bound: '64 chains',
  },
  {
    name: 'large-totals',
    where: 'lib/lists/count-cache.ts',
    holds: 'totals of 5,000 rows or more (devices, websites, request and app lists)',
    stampedBy:
      "time: 15 s, answered 15 s more while recounted; the devices list's also by the account's devices and users versions (views by online status or alerts: both; others: the versions, 10 min at most)",
    acrossProcesses:
      'up to 30 s (a total only, never a row); devices: none, but for views by online status or alerts (moved by check-ins and the clock)',
    bound: '1,000 views per list',
  },
  {
    name: 'page-anchors',
    where: 'lib/lists/page-anchors.ts',
    holds: 'where recently served deep pages began (sort keys)',
    stampedBy:
      "time: 15 s; the devices list's by the account's devices and users versions (and 15 s for views by online status, alerts or version; 10 min at most)",
    acrossProcesses:
      'a deep page may differ from OFFSET by rows added meanwhile, up to 15 s; devices: none, but for views moved by check-ins',
    bound: '1,000 views × 64 pages',
  },
  {
    name: 'size-hints',
    where: 'lib/lists/size-hints.ts',
    holds: "a list view's last total: a hint for how to read, never an answer",
    stampedBy: 'time: 60 s',
    acrossProcesses: 'none (a wrong hint only costs speed)',
    bound: '10,000 views',
  },
] as const satisfies readonly KeptEntry[];

export type KeptEntry = {
  name: string;
  where: string;
  holds: string;
  stampedBy: string;
  acrossProcesses: string;
  bound: string;
};

export type KeptName = (typeof KEPT)[number]['name'];

/** The registry's entry of a kept thing (throws for a name not registered). */
export function keptNamed(name: KeptName): KeptEntry {
  const entry = KEPT.find((k) => k.name === name);
  if (!entry) throw new Error(`kept thing ${name} is not in lib/kept/registry.ts`);
  return entry;
}

const COLUMNS = ['Kept', 'Where', 'Holds', 'Stamped by', 'Stale in another process', 'Bound'] as const;

/** The registry as a Markdown table (docs/architecture.md "What is kept"). */
export function keptTable(): string {
  const cells = (row: readonly string[]) => `| ${row.join(' | ')} |`;
  return [
    cells(COLUMNS),
    cells(COLUMNS.map(() => '---')),
    ...KEPT.map((k) => cells([k.name, `\`${k.where}\``, k.holds, k.stampedBy, k.acrossProcesses, k.bound])),
  ].join('\n');
}
