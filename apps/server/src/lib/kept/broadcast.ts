/**
 * "Forget" messages between server processes (issue 25): a process that changes what another process
 * may keep in memory (a device's secret, later sessions) calls `broadcastForget(db, kind, key)` inside
 * the transaction that makes the change; PostgreSQL's NOTIFY delivers it at commit to every process's
 * listener (one dedicated connection each, ForgetListener, owned by the app: plugins/forget-listener.ts),
 * including the sender's own, which runs the handlers registered for that kind (`onForget`).
 *
 * While a process's listener is down it cannot hear forgets: every kind is told to forget everything
 * (key null) when the connection drops and again when it is back, and `forgetsHeard()` is false, so a
 * cache keeps entries only briefly (domain/devices/agent-devices.ts: 2 s instead of 60 s) until it reconnects.
 */
import pg from 'pg';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';

export const FORGET_CHANNEL = 'wayguard_forget';

/** A key to forget, or null: forget everything of this kind (the listener missed messages). */
export type ForgetHandler = (key: string | null) => void;

const handlers = new Map<string, Set<ForgetHandler>>();

/** Registers what a kind's forget does in this process; answers the unregistration. */
export function onForget(kind: string, handler: ForgetHandler): () => void {
  if (kind.includes(':')) throw new Error(`forget kind ${kind} holds ':'`);
  let set = handlers.get(kind);
  if (!set) handlers.set(kind, (set = new Set()));
  set.add(handler);
  return () => set.delete(handler);
}

/** Runs this process's handlers of a kind (null kind: every kind). */
export function forgetHere(kind: string | null, key: string | null): void {
  const sets = kind === null ? [...handlers.values()] : [handlers.get(kind) ?? new Set<ForgetHandler>()];
  for (const set of sets) for (const handler of set) handler(key);
}

/**
 * Tells every process (this one included) to forget `key` of `kind` once the surrounding transaction
 * commits (NOTIFY is transactional; outside a transaction it is sent at once).
 */
export async function broadcastForget(db: DbOrTx, kind: string, key: string | number): Promise<void> {
  const payload = `${kind}:${String(key)}`;
  await db.execute(sql`SELECT pg_notify(${FORGET_CHANNEL}, ${payload})`);
  if (forgetsHeard()) expectEcho(payload);
}

/**
 * Forgets this process sent and has not heard back yet. PostgreSQL hands a NOTIFY to every listening
 * connection at commit; a request that sent one waits, before its answer leaves (plugins/forget-listener.ts),
 * until this process's own listener has heard it: by then the other processes' listeners have it too, so
 * the client's next request, wherever it lands, is judged without what was forgotten. A forget whose
 * transaction rolled back never comes back: the wait ends after ECHO_WAIT_MS.
 */
const awaitingEcho = new Map<string, { count: number; since: number; heard: Promise<void>; resolve: () => void }>();
export const ECHO_WAIT_MS = 1_000;

function expectEcho(payload: string): void {
  const pending = awaitingEcho.get(payload);
  if (pending) {
    pending.count++;
    pending.since = Date.now();
    return;
  }
  let resolve!: () => void;
  const heard = new Promise<void>((r) => (resolve = r));
  awaitingEcho.set(payload, { count: 1, since: Date.now(), heard, resolve });
}

function echoHeard(payload: string): void {
  const pending = awaitingEcho.get(payload);
  if (!pending) return;
  if (--pending.count > 0) return;
  awaitingEcho.delete(payload);
  pending.resolve();
}

/** Forgets not heard back within ECHO_WAIT_MS were rolled back (or their listener is gone): no one waits for them. */
function dropLate(now: number): void {
  for (const [payload, p] of awaitingEcho)
    if (now - p.since >= ECHO_WAIT_MS) {
      awaitingEcho.delete(payload);
      p.resolve();
    }
}

/** True while a forget this process sent has not come back through its listener. */
export function forgetsInFlight(): boolean {
  if (awaitingEcho.size > 0) dropLate(Date.now());
  return awaitingEcho.size > 0;
}

/** Resolves when every forget sent so far has come back through this process's listener (at most ECHO_WAIT_MS after it was sent). */
export async function forgetsEchoed(): Promise<void> {
  const now = Date.now();
  dropLate(now);
  if (awaitingEcho.size === 0) return;
  const waiting = [...awaitingEcho.values()];
  const all = Promise.all(waiting.map((p) => p.heard));
  const waitMs = Math.max(...waiting.map((p) => ECHO_WAIT_MS - (now - p.since)));
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<void>((r) => (timer = setTimeout(r, waitMs)));
  await Promise.race([all, late]);
  clearTimeout(timer);
  dropLate(Date.now());
}

function dispatch(payload: string | undefined): void {
  if (!payload) return;
  const at = payload.indexOf(':');
  if (at <= 0) return;
  forgetHere(payload.slice(0, at), payload.slice(at + 1));
  echoHeard(payload);
}

const listeners = new Set<ForgetListener>();

/** A listener that went down hears nothing more: no answer waits for an echo it cannot hear. */
function releaseEchoes(): void {
  for (const p of awaitingEcho.values()) p.resolve();
  awaitingEcho.clear();
}

/** True while every listener of this process is connected (and one exists): forgets are heard. */
export function forgetsHeard(): boolean {
  if (listeners.size === 0) return false;
  for (const l of listeners) if (!l.live) return false;
  return true;
}

type Log = { warn: (o: object, msg: string) => void; info: (o: object, msg: string) => void };

const RETRY_MIN_MS = 250;
const RETRY_MAX_MS = 10_000;

/** One process's LISTEN connection, reconnected with back-off until closed. */
export class ForgetListener {
  #client: pg.Client | null = null;
  #live = false;
  #closed = false;
  #retryMs = RETRY_MIN_MS;
  #timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly clientConfig: pg.ClientConfig,
    private readonly log: Log,
  ) {
    listeners.add(this);
  }

  get live(): boolean {
    return this.#live;
  }

  /** Connects once; a failure schedules retries (the app starts anyway, its caches kept short). */
  async start(): Promise<void> {
    await this.#connect();
  }

  async #connect(): Promise<void> {
    if (this.#closed) return;
    const client = new pg.Client(this.clientConfig);
    this.#client = client;
    // Without an 'error' listener a dropped connection would crash the process.
    client.on('error', (err) => this.#down(client, err));
    client.on('end', () => this.#down(client, null));
    client.on('notification', (m) => {
      if (m.channel === FORGET_CHANNEL) dispatch(m.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${FORGET_CHANNEL}`);
    } catch (err) {
      this.#down(client, err as Error);
      return;
    }
    if (this.#closed || this.#client !== client) {
      await client.end().catch(() => undefined);
      return;
    }
    this.#live = true;
    this.#retryMs = RETRY_MIN_MS;
    // Whatever was forgotten while no one listened: forget everything once more.
    forgetHere(null, null);
  }

  #down(client: pg.Client, err: Error | null): void {
    if (this.#client !== client) return;
    this.#client = null;
    const wasLive = this.#live;
    this.#live = false;
    if (wasLive) forgetHere(null, null);
    releaseEchoes();
    client.removeAllListeners('notification');
    void client.end().catch(() => undefined);
    if (this.#closed) return;
    this.log.warn({ err: err?.message ?? 'connection ended', retryMs: this.#retryMs }, 'forget listener down');
    this.#timer = setTimeout(() => {
      this.#timer = null;
      void this.#connect();
    }, this.#retryMs);
    this.#timer.unref();
    this.#retryMs = Math.min(this.#retryMs * 2, RETRY_MAX_MS);
  }

  /** The listener's backend pid (tests end it to prove the reconnection); null while down. */
  async backendPid(): Promise<number | null> {
    const client = this.#client;
    if (!client || !this.#live) return null;
    const r = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    return r.rows[0]?.pid ?? null;
  }

  async close(): Promise<void> {
    this.#closed = true;
    listeners.delete(this);
    if (this.#timer) clearTimeout(this.#timer);
    const client = this.#client;
    this.#client = null;
    this.#live = false;
    if (client) await client.end().catch(() => undefined);
  }
}
