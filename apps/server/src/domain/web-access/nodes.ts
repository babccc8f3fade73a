/**
 * The node a web-access page is about, and its scope chain (docs/design/policy.md 'Scopes'): a device's
 * chain is account → its main user's connection → its main user → the device; a server or local user's
 * is account → its connection → the user. Names ride along for the explanations ("the user
 * katie.adams11"). A node of another account answers as unknown.
 */
import { sql } from 'drizzle-orm';
import { WEB_ACCESS_MSG, type DefaultMode, type NodeType, type RuleScope } from '@wayguard/contracts';
import type { DbOrTx } from '../../db/client.js';
import { HttpError, notFound, notInAccount } from '../../lib/http-errors.js';
import { sqlArray } from '../../lib/sql-array.js';
import { executeBuilt, executeNamed } from '../../lib/named-statements.js';
import { createStatementTemplates } from '../../lib/statement-templates.js';

export type WebNode = {
  accountId: number;
  type: NodeType;
  /** The page's scope: the device, or the server or local user. */
  view: RuleScope;
  /** Far to near, ending with `view`. */
  chain: RuleScope[];
  /** The device's row id when the node is a device (its policy version is kept per device). */
  deviceId: number | null;
  timeZone: string;
  defaultMode: DefaultMode;
  /** The node's own settings that turn requests off (issue 11 reads them; the policy carries them). */
  name: string;
  /**
   * The account's rules version when the node was read (list_versions 'web_access_rules'): the node's
   * rules are read from the kept scopes at that version (domain/web-access/scope-rules.ts scopeRules).
   */
  rulesVersion?: string;
  /** The account's requests version (list_versions 'access_requests'): the 'managed' order's request part moves with it. */
  requestsVersion?: string;
};

type Row = {
  /** A server or local user's status ('deactivated': deleted); null for other nodes. */
  status?: 'activated' | 'deactivated' | null;
  device_id: number | null;
  device_name: string | null;
  user_kind: 'console' | 'server' | 'local' | null;
  user_id: number | null;
  user_name: string | null;
  connection_id: number | null;
  connection_name: string | null;
  time_zone: string;
  default_mode: DefaultMode;
  rules_version: string | null;
  requests_version: string | null;
  account_name?: string | null;
};

function chainOf(r: Row): RuleScope[] {
  const chain: RuleScope[] = [{ kind: 'account' }];
  if (r.connection_id !== null) chain.push({ kind: 'connection', id: r.connection_id, name: r.connection_name ?? '' });
  if (r.user_kind && r.user_id !== null)
    chain.push({ kind: 'user', user_kind: r.user_kind, id: r.user_id, name: r.user_name ?? '' });
  if (r.device_id !== null) chain.push({ kind: 'device', id: r.device_id, name: r.device_name ?? '' });
  return chain;
}

/** The device's main user decides its user and connection scopes. */
/** The account's rules version ('0' before any change), read with the node. */
const RULES_VERSION = sql.raw(`coalesce((SELECT v.version FROM list_versions v WHERE v.account_id = a.id
      AND v.list = 'web_access_rules'), 0)::text AS rules_version,
    coalesce((SELECT v.version FROM list_versions v WHERE v.account_id = a.id
      AND v.list = 'access_requests'), 0)::text AS requests_version`);

const DEVICE_NODE = sql`
  SELECT d.id AS device_id, d.name AS device_name,
    CASE d.user_kind WHEN 'user' THEN 'console' WHEN 'server_user' THEN 'server' WHEN 'local_user' THEN 'local' END
      AS user_kind,
    coalesce(u.id, su.id) AS user_id, coalesce(u.username, su.username) AS user_name,
    c.id AS connection_id, c.name AS connection_name, a.time_zone, a.web_default_mode AS default_mode,
    ${RULES_VERSION}
  FROM devices d
  JOIN accounts a ON a.id = d.account_id
  LEFT JOIN users u ON d.user_kind = 'user' AND u.id = d.user_ref_id AND u.account_id = d.account_id
  LEFT JOIN server_users su ON d.user_kind IN ('server_user', 'local_user') AND su.id = d.user_ref_id
    AND su.account_id = d.account_id
  LEFT JOIN server_connections c ON c.id = su.connection_id AND c.account_id = d.account_id`;

const SERVER_USER_NODE = sql`
  SELECT NULL::int AS device_id, NULL::text AS device_name,
    CASE su.type WHEN 'local_user' THEN 'local' ELSE 'server' END AS user_kind,
    su.id AS user_id, su.username AS user_name, su.status,
    c.id AS connection_id, c.name AS connection_name, a.time_zone, a.web_default_mode AS default_mode,
    ${RULES_VERSION}
  FROM server_users su
  JOIN accounts a ON a.id = su.account_id
  LEFT JOIN server_connections c ON c.id = su.connection_id AND c.account_id = su.account_id`;

/** The account itself (issue 26): its chain is the account alone. */
const ACCOUNT_NODE = sql`
  SELECT NULL::int AS device_id, NULL::text AS device_name, NULL::text AS user_kind, NULL::int AS user_id,
    NULL::text AS user_name, NULL::int AS connection_id, NULL::text AS connection_name, a.name AS account_name,
    a.time_zone, a.web_default_mode AS default_mode, ${RULES_VERSION}
  FROM accounts a`;

/** The node lookups of every web-access page request, built once (lib/statement-templates.ts). */
const statements = createStatementTemplates();
const SLOTS = { account: sql.placeholder('account'), kind: sql.placeholder('kind'), id: sql.placeholder('id') };

/**
 * The node of (type, id) in the account, or the 404 of an unknown id. `forWrite`: a rule is about to be
 * written for it, which a deleted (deactivated) server user refuses with 409 (issue 26: its pages are
 * read only, as 000 §6 leaves them out of the menu).
 */
export async function loadNode(
  db: DbOrTx,
  accountId: number,
  type: NodeType,
  id: string,
  options: { forWrite?: boolean } = {},
): Promise<WebNode> {
  let row: Row | undefined;
  if (type === 'account') {
    const statement = statements.fill('account', () => sql`${ACCOUNT_NODE} WHERE a.id = ${SLOTS.account}`, {
      account: accountId,
    })!;
    row = (await executeBuilt<Row>(db, statement, true)).rows[0];
    if (!row) throw notFound(WEB_ACCESS_MSG.nodeNotFound);
  } else if (type === 'server_user') {
    const n = /^\d{1,10}$/.test(id) ? Number(id) : NaN;
    if (Number.isSafeInteger(n) && n <= 2_147_483_647) {
      const statement = statements.fill(
        'server_user',
        () => sql`${SERVER_USER_NODE} WHERE su.account_id = ${SLOTS.account} AND su.id = ${SLOTS.id}`,
        { account: accountId, id: n },
      )!;
      row = (await executeBuilt<Row>(db, statement, true)).rows[0];
    }
    if (!row) throw notInAccount('server_user', Number.isSafeInteger(n) ? n : id, WEB_ACCESS_MSG.nodeNotFound);
    if (options.forWrite && row.status === 'deactivated') throw new HttpError(409, WEB_ACCESS_MSG.nodeDeleted);
  } else {
    const statement = statements.fill(
      'device',
      () =>
        sql`${DEVICE_NODE} WHERE d.account_id = ${SLOTS.account} AND d.kind = ${SLOTS.kind} AND d.serial = ${SLOTS.id}`,
      { account: accountId, kind: type, id },
    )!;
    row = (await executeBuilt<Row>(db, statement, true)).rows[0];
    if (!row) throw notInAccount('device', id, WEB_ACCESS_MSG.nodeNotFound);
  }
  const chain = chainOf(row);
  const view = chain.at(-1)!;
  return {
    accountId,
    type,
    view,
    chain,
    deviceId: row.device_id,
    timeZone: row.time_zone,
    defaultMode: row.default_mode,
    name: (type === 'server_user' ? row.user_name : type === 'account' ? row.account_name : row.device_name) ?? '',
    rulesVersion: row.rules_version ?? undefined,
    requestsVersion: row.requests_version ?? undefined,
  };
}

/** The node of a device by its row id (the device API's and the policy's), or null when there is none. */
export async function loadDeviceNode(db: DbOrTx, accountId: number, deviceId: number): Promise<WebNode | null> {
  const res = await executeNamed<Row>(db, sql`${DEVICE_NODE} WHERE d.account_id = ${accountId} AND d.id = ${deviceId}`);
  const row = res.rows[0];
  return row ? deviceNodeOf(accountId, row) : null;
}

/** loadDeviceNode for many devices of the account in one statement (a list page's), by device id. */
export async function loadDeviceNodes(
  db: DbOrTx,
  accountId: number,
  deviceIds: readonly number[],
): Promise<Map<number, WebNode>> {
  const ids = [...new Set(deviceIds)];
  if (ids.length === 0) return new Map();
  const res = await db.execute<Row>(
    sql`${DEVICE_NODE} WHERE d.account_id = ${accountId} AND d.id = ANY(${sqlArray(ids)}::int[])`,
  );
  return new Map(res.rows.map((row) => [row.device_id!, deviceNodeOf(accountId, row)]));
}

function deviceNodeOf(accountId: number, row: Row): WebNode {
  const chain = chainOf(row);
  return {
    accountId,
    type: 'machine',
    view: chain.at(-1)!,
    chain,
    deviceId: row.device_id,
    timeZone: row.time_zone,
    defaultMode: row.default_mode,
    name: row.device_name ?? '',
    rulesVersion: row.rules_version ?? undefined,
    requestsVersion: row.requests_version ?? undefined,
  };
}

/** The chain as three arrays for SQL (`unnest`): scope kinds, user kinds ('' when not a user), scope ids. */
export function chainArrays(chain: readonly RuleScope[]): { kinds: string[]; userKinds: string[]; ids: number[] } {
  return {
    kinds: chain.map((s) => s.kind),
    userKinds: chain.map((s) => (s.kind === 'user' ? s.user_kind : '')),
    ids: chain.map((s) => (s.kind === 'account' ? 0 : s.id)),
  };
}
