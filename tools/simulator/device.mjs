// A simulated monitored device talking to the device-facing API (docs/design/agent-api.md) over real HTTP:
// enrolment with a token, then check-ins with a growing sequence number. When a check-in's answer
// names a policy version other than the one applied, it fetches the policy (If-None-Match), "applies"
// it and reports the version at its next check-in; when commands wait, it fetches them, acknowledges
// each, runs it (prints what it did, never a password) and reports it completed. A command it already
// ran (delivered again because its answer was lost) is not run again: its result is sent again. The
// CLI (simulate.mjs) drives many of them; tests and benchmarks can use this class directly.
//
// Identity (issue 25): the device keeps its secret in a store (secrets.mjs; the CLI's is a state file)
// and sends it when it enrols again, so that the server rotates it. Without it the server holds the
// enrolment as a replacement an administrator approves: the device waits (401 replacement_pending),
// then goes on with its claim as its secret. A device retired, or a replacement refused, stops.

import { randomUUID } from 'node:crypto';
import { MemorySecrets } from './secrets.mjs';

const AGENT_BASE = '/api/agent/v1';

/**
 * `user`: the username a mobile reports at enrolment (information only: an administrator, or a token made
 * for a user, links a mobile to a console user). `signedIn`: who is signed in on a machine (a domain user,
 * kind server_user, or the machine's local user): reported at each check-in and named on its block pages
 * and asks, as a real agent does.
 * @typedef {{ kind: 'server_user' | 'local_user', username: string }} SignedIn
 * @typedef {{ instanceId: string, kind: 'machine' | 'mobile', serial: string, name: string, os: string, osVersion: string, model: string, user?: string, signedIn?: SignedIn }} Identity
 */

/** The identity of the index-th simulated device of a run named `fleet`: the same every time, so re-runs re-enrol. */
export function identityOf(fleet, index, kind) {
  const n = String(index + 1).padStart(3, '0');
  const tag =
    fleet
      .toUpperCase()
      .replace(/[^A-Z0-9]/g, '')
      .slice(0, 8) || 'SIM';
  return kind === 'mobile'
    ? {
        instanceId: `sim-${fleet}-m-${n}`,
        kind,
        serial: `${tag}-MOB-${n}`,
        name: `${tag}-TAB${n}`,
        os: 'Android',
        osVersion: '14',
        model: 'Galaxy Tab A9',
      }
    : {
        instanceId: `sim-${fleet}-pc-${n}`,
        kind,
        serial: `${tag}-PC-${n}`,
        name: `${tag}-PC${n}`,
        os: 'Windows',
        osVersion: '11 23H2',
        model: 'OptiPlex 7010',
      };
}

export class SimDevice {
  /** @param {{ baseUrl: string, token: string, identity: Identity, agentVersion?: string, log?: (line: string) => void, secrets?: MemorySecrets, sleep?: (ms: number) => Promise<void> }} o */
  constructor(o) {
    this.baseUrl = o.baseUrl.replace(/\/$/, '');
    this.token = o.token;
    this.identity = o.identity;
    this.agentVersion = o.agentVersion ?? '5.15.0-sim';
    this.log = o.log ?? (() => undefined);
    /** How the device waits before sending an ask again (tests pass one that moves a fake clock). */
    this.sleep = o.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    this.secrets = o.secrets ?? new MemorySecrets();
    const kept = this.secrets.get(o.identity.instanceId);
    /** @type {number | null} */
    this.deviceId = kept?.deviceId ?? null;
    /** @type {string | null} */
    this.secret = kept?.secret ?? null;
    /** 'enrolled', 'replacement_pending' (waits for an administrator) or 'stopped' (retired or refused). */
    this.state = kept ? 'enrolled' : 'new';
    this.seq = 0;
    this.intervalS = 300;
    /** The policy version applied (reported at each check-in); '' before the first. */
    this.appliedPolicyVersion = '';
    /** @type {{ version: string, bool_settings: { key: string, value: boolean }[], string_settings: { key: string, value: string }[] } | null} */
    this.policy = null;
    /** Results of commands already run, by id: a redelivered one is answered, not run again. @type {Map<number, { state: string, error?: string }>} */
    this.ran = new Map();
    /**
     * A mobile's installed apps, reported whole in each inventory; install and uninstall commands change
     * them. @type {Map<string, { package_name: string, name: string, version: string, installed_at: number }>}
     */
    this.apps = new Map();
    /** Seconds the server last asked this device to wait (429 'slow_down', 503 'busy'); 0 when it did not. */
    this.retryAfterS = 0;
  }

  /** The wait the server asked for since the last call of this (0 if none), as the simulator's loop obeys it. */
  takeRetryAfter() {
    const s = this.retryAfterS;
    this.retryAfterS = 0;
    return s;
  }

  /** Notes a "come back later" answer (`retry_after` seconds, also the Retry-After header). */
  #noteRetry(status, body) {
    if ((status === 429 || status === 503) && Number(body?.retry_after) > 0)
      this.retryAfterS = Number(body.retry_after);
  }

  async #call(method, path, o = {}) {
    const res = await fetch(`${this.baseUrl}${AGENT_BASE}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${this.secret}`,
        ...(o.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...o.headers,
      },
      ...(o.body !== undefined ? { body: JSON.stringify(o.body) } : {}),
    });
    const json = res.status === 304 ? {} : await res.json().catch(() => ({}));
    this.#noteRetry(res.status, json);
    return { status: res.status, body: json, headers: res.headers };
  }

  /**
   * Sends an ask (POST /requests) as an agent does: a pupil's ask is not dropped when the server says
   * "come back later" (429 'slow_down', 503 'busy'); it is sent again, with the same request_id (so the
   * same ask), after the wait the server named, up to five times.
   */
  async #ask(body) {
    for (let attempt = 1; ; attempt++) {
      const r = await this.#call('POST', '/requests', { body });
      const wait = (r.status === 429 || r.status === 503) && attempt < 5 ? this.takeRetryAfter() : 0;
      if (wait <= 0) return r;
      this.log(`${this.identity.name}: asked to wait ${wait} s before asking again`);
      await this.sleep(Math.min(wait, 60) * 1000);
    }
  }

  async #post(path, body, auth) {
    const res = await fetch(`${this.baseUrl}${AGENT_BASE}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(auth ? { authorization: `Bearer ${this.secret}` } : {}),
      },
      body: JSON.stringify(body),
    });
    const json = await res.json().catch(() => ({}));
    this.#noteRetry(res.status, json);
    return { status: res.status, body: json };
  }

  /**
   * Enrols (or re-enrols with its current secret: the server finds the device by its instance id and
   * rotates the secret) and keeps the new secret; held as a replacement, it keeps the claim and waits.
   */
  async enrol() {
    const id = this.identity;
    const { status, body } = await this.#post(
      '/enroll',
      {
        token: this.token,
        instance_id: id.instanceId,
        kind: id.kind,
        serial: id.serial,
        hardware_uuid: '',
        name: id.name,
        os: id.os,
        os_version: id.osVersion,
        agent_version: this.agentVersion,
        model: id.model,
        ...(id.kind === 'mobile' && id.user ? { user: id.user } : {}),
      },
      this.secret !== null,
    );
    if (status === 401 && body.error_code === 'device_retired') {
      this.#stop('retired by an administrator');
      return body;
    }
    if (status !== 200)
      throw new Error(`${id.name}: enrolment refused (${status} ${body.error_code ?? ''} ${body.error ?? ''})`);
    this.deviceId = body.device_id;
    this.secret = body.device_secret;
    this.intervalS = body.checkin_interval_s;
    this.secrets.set(id.instanceId, { deviceId: this.deviceId, secret: this.secret });
    this.state = body.status === 'replacement_pending' ? 'replacement_pending' : 'enrolled';
    if (this.state === 'replacement_pending')
      this.log(
        `${id.name}: held as a replacement of device ${this.deviceId}: waiting for an administrator to approve it`,
      );
    else this.log(`${id.name}: enrolled as device ${this.deviceId} (check in every ${this.intervalS} s)`);
    return body;
  }

  /** A retired device, or a refused replacement, calls the server no more. */
  #stop(why) {
    if (this.state !== 'stopped') this.log(`${this.identity.name}: ${why}: stopping`);
    this.state = 'stopped';
  }

  /**
   * What a 401 means for this device: 'again' (enrol again), 'wait' (an administrator has not decided
   * on its replacement yet) or 'stop' (retired, or its replacement refused).
   */
  #refused(r) {
    if (r.status !== 401) return null;
    const code = r.body.error_code;
    if (code === 'reenrol') return 'again';
    if (code === 'replacement_pending') {
      if (this.state !== 'replacement_pending')
        this.log(`${this.identity.name}: waiting for an administrator to approve it`);
      this.state = 'replacement_pending';
      return 'wait';
    }
    if (code === 'device_retired') this.#stop('retired by an administrator');
    else if (code === 'replacement_refused') this.#stop('an administrator refused it as a replacement');
    return code === 'device_retired' || code === 'replacement_refused' ? 'stop' : null;
  }

  /** Sends the device's whole details snapshot (PUT /inventory), made up from its identity. */
  async inventory() {
    if (!this.secret) await this.enrol();
    // Waiting for an administrator, or stopped: nothing to send.
    if (this.state === 'stopped' || this.state === 'replacement_pending') return null;
    const id = this.identity;
    const n = Number(id.serial.replace(/\D/g, '').slice(-3)) || 1;
    const snapshot =
      id.kind === 'machine'
        ? {
            machine: {
              manufacturer_serial: `MS-${id.serial}`,
              language: 'en-GB',
              processor: 'Intel Core i5-13500',
              uuid: `4C4C4544-0042-3010-8052-${String(n).padStart(12, '0')}`,
              networking_name: id.name,
              domain: 'school.local',
              hard_drives: [
                { name: 'C:', interface_type: 'NVMe', media_type: 'SSD', model: 'PM9A1', capacity: 512_110_190_592 },
              ],
              graphics_cards: [{ name: 'Intel UHD Graphics 770', memory: 1_073_741_824 }],
              network_adapters: [
                {
                  name: 'Ethernet',
                  mac_address: `00:1A:2B:3C:${String(n % 100).padStart(2, '0')}:01`,
                  ip_address: `10.1.0.${n % 250}`,
                },
              ],
              windows_product_keys: [{ product: 'Windows 11 Education', key: 'NW6C2-QMPVW-D7KKK-3GKT6-VCFB2' }],
              filter_mode: 'Filtered',
              // Whose safe-search settings apply: the user signed in on the PC (001 §3), as its check-ins say.
              ...(id.signedIn
                ? {
                    safe_search_user: id.signedIn.username,
                    safe_search_user_type: id.signedIn.kind,
                    safe_search_user_recorded: Math.floor(Date.now() / 1000),
                  }
                : {}),
            },
          }
        : {
            mobile: {
              imei: `35693803564${String(n).padStart(4, '0')}`,
              zero_touch_enrolled: n % 2 === 0,
              secondary_account_count: 0,
              apps: [...this.apps.values()],
              sim_cards: [
                {
                  name: 'SIM 1',
                  carrier_name: 'Vodafone',
                  phone_number: `+44770090${String(n).padStart(4, '0')}`,
                  roaming: false,
                },
              ],
            },
          };
    const res = await fetch(`${this.baseUrl}${AGENT_BASE}/inventory`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${this.secret}` },
      body: JSON.stringify({ os: id.os, os_version: id.osVersion, model: id.model, ...snapshot }),
    });
    const body = await res.json().catch(() => ({}));
    if (res.status !== 200) throw new Error(`${id.name}: inventory refused (${res.status} ${body.error ?? ''})`);
    this.log(`${id.name}: inventory sent`);
    return body;
  }

  /**
   * Sends alert events (POST /events). Each event has its own id, so a batch sent twice (a retry after
   * a lost answer) is applied once. @param {Array<{ type: 'alert_raised', code: number, group_id: string, title: string, description?: string } | { type: 'alert_cleared', code: number }>} events
   */
  async sendEvents(events) {
    if (!this.secret) await this.enrol();
    if (this.state === 'stopped' || this.state === 'replacement_pending') return null;
    const occurred = Math.floor(Date.now() / 1000);
    const batch = events.map((e) => ({ event_id: randomUUID(), occurred, ...e }));
    const res = await fetch(`${this.baseUrl}${AGENT_BASE}/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${this.secret}` },
      body: JSON.stringify({ events: batch }),
    });
    const body = await res.json().catch(() => ({}));
    if (res.status !== 200)
      throw new Error(`${this.identity.name}: events refused (${res.status} ${body.error ?? ''})`);
    for (const e of events)
      this.log(
        `${this.identity.name}: alert ${e.code} ${e.type === 'alert_raised' ? `raised (${e.group_id})` : 'cleared'}`,
      );
    return body;
  }

  /**
   * One check-in (reporting the applied policy version); a secret the server no longer knows (401
   * reenrol) makes the device enrol again. Then, as the answer says: the new policy, the waiting
   * commands. `follow: false` only checks in.
   */
  async checkin(o = {}) {
    if (this.state === 'stopped') return { applied: false, stopped: true };
    if (!this.secret) await this.enrol();
    if (this.state === 'stopped') return { applied: false, stopped: true };
    this.seq += 1;
    const signedIn = this.identity.signedIn;
    const body = () => ({
      seq: this.seq,
      agent_version: this.agentVersion,
      ...(this.appliedPolicyVersion ? { applied_policy_version: this.appliedPolicyVersion } : {}),
      ...(signedIn ? { users: [{ ...signedIn, last_active: Math.floor(Date.now() / 1000) }] } : {}),
    });
    let r = await this.#post('/checkin', body(), true);
    if (this.#refused(r) === 'again') {
      this.log(`${this.identity.name}: secret refused, enrolling again`);
      await this.enrol();
      if (this.state === 'stopped') return { applied: false, stopped: true };
      r = await this.#post('/checkin', body(), true);
    }
    const refusal = this.#refused(r);
    if (refusal === 'wait') return { applied: false, waiting: true };
    if (refusal === 'stop') return { applied: false, stopped: true };
    if (this.state === 'replacement_pending') {
      this.state = 'enrolled';
      this.log(`${this.identity.name}: replacement approved: device ${this.deviceId}`);
    }
    if (r.status !== 200)
      throw new Error(`${this.identity.name}: check-in refused (${r.status} ${r.body.error ?? ''})`);
    this.intervalS = r.body.checkin_interval_s;
    this.log(
      `${this.identity.name}: check-in #${this.seq}${r.body.applied ? '' : ' (older than one recorded: ignored)'}` +
        (r.body.commands_waiting > 0 ? `, ${r.body.commands_waiting} command(s) waiting` : ''),
    );
    if (o.follow !== false) {
      const applied = this.appliedPolicyVersion;
      if (r.body.policy_version && r.body.policy_version !== applied) await this.fetchPolicy();
      if (r.body.commands_waiting > 0) await this.runCommands();
      // A policy just applied is reported at once, as an agent confirms it, not at the next check-in
      // minutes later (until then the console shows it pending).
      if (this.appliedPolicyVersion !== applied) await this.checkin({ follow: false });
    }
    return r.body;
  }

  /** GET /policy with the version held (If-None-Match), and "applies" what comes back. */
  async fetchPolicy() {
    const held = this.policy?.version;
    const r = await this.#call('GET', '/policy', held ? { headers: { 'if-none-match': `"${held}"` } } : {});
    if (r.status === 304 && this.policy) {
      this.appliedPolicyVersion = this.policy.version;
      this.log(`${this.identity.name}: policy ${this.policy.version.slice(0, 8)} unchanged`);
      return this.policy;
    }
    if (r.status !== 200) throw new Error(`${this.identity.name}: policy refused (${r.status} ${r.body.error ?? ''})`);
    this.policy = r.body;
    this.appliedPolicyVersion = r.body.version;
    const on = r.body.bool_settings.filter((x) => x.value).map((x) => x.key);
    const web = r.body.web_access;
    const blocks = web ? web.rules.filter((x) => x.action === 'BLOCK').length : 0;
    const webText = web
      ? `; web access: ${web.rules.length} rules (${blocks} block), otherwise ${web.default === 'ALLOW' ? 'allowed' : 'blocked'}`
      : '';
    this.log(
      `${this.identity.name}: policy ${r.body.version.slice(0, 8)} applied (${on.length} of ${r.body.bool_settings.length} switches on${webText})`,
    );
    return this.policy;
  }

  /**
   * What the device does when it blocks an address: asks POST /block-page for the block page and
   * answers its page_url, which a real agent opens in the browser instead of the address.
   * @param {string} url
   * @param {{ kind?: 'website' | 'media', user?: { kind: 'server_user' | 'local_user', username: string } }} [o]
   */
  async blockPage(url, o = {}) {
    const user = o.user ?? this.identity.signedIn;
    const r = await this.#call('POST', '/block-page', { body: { url, ...o, ...(user ? { user } : {}) } });
    if (r.status !== 200)
      throw new Error(`${this.identity.name}: block page refused (${r.status} ${r.body.error ?? ''})`);
    this.log(`${this.identity.name}: blocked ${url}, showing the block page`);
    return r.body;
  }

  /**
   * A monitored user asks for a website or media item (POST /requests), with the agent's own id for the
   * ask (`requestId`, made here when not given: sending the same one again is the same ask).
   * @param {{ kind?: 'website' | 'media', url: string, title?: string, notes?: string, requestId?: string,
   *   user?: { kind: 'server_user' | 'local_user', username: string },
   *   media?: { type: string, title: string, thumbnail?: string, description?: string } }} o
   */
  async request(o) {
    const { requestId, ...rest } = o;
    const user = o.user ?? this.identity.signedIn;
    const body = {
      kind: 'website',
      request_id: requestId ?? `sim-${randomUUID()}`,
      ...rest,
      ...(user ? { user } : {}),
    };
    const r = await this.#ask(body);
    if (r.status !== 200) throw new Error(`${this.identity.name}: request refused (${r.status} ${r.body.error ?? ''})`);
    this.log(`${this.identity.name}: asked for ${o.media?.title ?? o.url}: ${r.body.status}`);
    return r.body;
  }

  /**
   * A mobile's user asks for an app (POST /requests, kind app), with the agent's own id for the ask.
   * @param {{ packageName: string, name?: string, version?: string, source?: string, notes?: string, requestId?: string }} o
   */
  async requestApp(o) {
    const body = {
      kind: 'app',
      request_id: o.requestId ?? `sim-${randomUUID()}`,
      notes: o.notes ?? '',
      app: { package_name: o.packageName, name: o.name ?? '', version: o.version ?? '', source: o.source ?? '' },
    };
    const r = await this.#ask(body);
    if (r.status !== 200)
      throw new Error(`${this.identity.name}: app request refused (${r.status} ${r.body.error ?? ''})`);
    this.log(`${this.identity.name}: asked for the app ${o.name ?? o.packageName}: ${r.body.status}`);
    return r.body;
  }

  /** An app install: the version the store would give (made up from the package name, the same each time). */
  #install(payload) {
    const pkg = String(payload.package_name);
    const h = [...pkg].reduce((n, ch) => (n * 31 + ch.charCodeAt(0)) % 997, 7);
    this.apps.set(pkg, {
      package_name: pkg,
      name: String(payload.name ?? pkg),
      version: `${1 + (h % 9)}.${h % 13}.${h % 7}`,
      installed_at: Math.floor(Date.now() / 1000),
    });
  }

  /** GET /commands, then for each: acknowledged, run, completed (or failed). Answers the results sent. */
  async runCommands() {
    const r = await this.#call('GET', '/commands');
    if (r.status !== 200)
      throw new Error(`${this.identity.name}: commands refused (${r.status} ${r.body.error ?? ''})`);
    const results = [];
    let appsChanged = false;
    for (const c of r.body.commands) {
      const done = this.ran.get(c.id);
      if (done) {
        this.log(`${this.identity.name}: command ${c.id} (${c.type}) already run, reporting it again`);
        results.push(await this.#result(c, done));
        continue;
      }
      await this.#result(c, { state: 'acknowledged' });
      let outcome;
      if (c.type === 'lock_screen') {
        this.log(`${this.identity.name}: locked`);
        outcome = { state: 'completed' };
      } else if (c.type === 'set_password' && typeof c.payload.password === 'string') {
        this.log(`${this.identity.name}: password set`);
        outcome = { state: 'completed' };
      } else if (c.type === 'install_app' && typeof c.payload.package_name === 'string') {
        this.#install(c.payload);
        appsChanged = true;
        this.log(`${this.identity.name}: installed ${c.payload.name ?? c.payload.package_name}`);
        outcome = { state: 'completed' };
      } else if (c.type === 'uninstall_app' && typeof c.payload.package_name === 'string') {
        this.apps.delete(c.payload.package_name);
        appsChanged = true;
        this.log(`${this.identity.name}: uninstalled ${c.payload.name ?? c.payload.package_name}`);
        outcome = { state: 'completed' };
      } else {
        this.log(`${this.identity.name}: command ${c.id} (${c.type}) not understood`);
        outcome = { state: 'failed', error: `The agent cannot run ${c.type}` };
      }
      this.ran.set(c.id, outcome);
      results.push(await this.#result(c, outcome));
    }
    // The apps installed or removed are in the next inventory, sent now.
    if (appsChanged) await this.inventory();
    return results;
  }

  async #result(c, outcome) {
    const r = await this.#call('POST', `/commands/${c.id}/result`, { body: outcome });
    if (r.status !== 200) throw new Error(`${this.identity.name}: result refused (${r.status} ${r.body.error ?? ''})`);
    this.log(`${this.identity.name}: command ${c.id} (${c.type}) ${outcome.state}`);
    return { id: c.id, ...r.body };
  }
}
