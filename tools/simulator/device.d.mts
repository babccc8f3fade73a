// Types of device.mjs, for the TypeScript tests that drive simulated devices.
import type { AgentWebAccessPolicy } from '@wayguard/contracts';
import type { MemorySecrets } from './secrets.mjs';
export type Identity = {
  instanceId: string;
  kind: 'machine' | 'mobile';
  serial: string;
  name: string;
  os: string;
  osVersion: string;
  model: string;
  /** The username a mobile reports at enrolment (information only). */
  user?: string;
  /** Who is signed in on a machine: reported at check-in, named on its block pages and asks. */
  signedIn?: { kind: 'server_user' | 'local_user'; username: string };
};
export function identityOf(fleet: string, index: number, kind: 'machine' | 'mobile'): Identity;
export class SimDevice {
  constructor(o: {
    baseUrl: string;
    token: string;
    identity: Identity;
    agentVersion?: string;
    log?: (line: string) => void;
    /** Where the device keeps its secret between runs (default: in memory). */
    secrets?: MemorySecrets;
    /** How it waits before sending an ask again after 429/503 (default: a timer). */
    sleep?: (ms: number) => Promise<void>;
  });
  readonly identity: Identity;
  /** The enrolment token it enrols with. */
  readonly token: string;
  /** 'new', 'enrolled', 'replacement_pending' (waits for an administrator) or 'stopped' (retired or refused). */
  state: 'new' | 'enrolled' | 'replacement_pending' | 'stopped';
  deviceId: number | null;
  secret: string | null;
  seq: number;
  intervalS: number;
  /** Seconds the server last asked this device to wait (429 'slow_down', 503 'busy'); 0 when it did not. */
  retryAfterS: number;
  /** That wait, then forgotten. */
  takeRetryAfter(): number;
  enrol(): Promise<{
    device_id: number;
    device_secret: string;
    checkin_interval_s: number;
    server_time: number;
    status: 'enrolled' | 'replacement_pending';
  }>;
  inventory(): Promise<{ details_updated: number; server_time: number } | null>;
  sendEvents(
    events: (
      | { type: 'alert_raised'; code: number; group_id: string; title: string; description?: string }
      | { type: 'alert_cleared'; code: number }
    )[],
  ): Promise<{ accepted: number; duplicates: number; server_time: number } | null>;
  appliedPolicyVersion: string;
  policy: {
    version: string;
    bool_settings: { key: string; value: boolean }[];
    string_settings: { key: string; value: string }[];
    web_access?: AgentWebAccessPolicy;
  } | null;
  checkin(o?: { follow?: boolean }): Promise<{
    applied: boolean;
    /** 401 replacement_pending: an administrator has not approved its replacement yet. */
    waiting?: true;
    /** Retired, or its replacement refused: it calls the server no more. */
    stopped?: true;
    checkin_interval_s: number;
    server_time: number;
    policy_version: string;
    commands_waiting: number;
  }>;
  fetchPolicy(): Promise<NonNullable<SimDevice['policy']>>;
  blockPage(
    url: string,
    o?: { kind?: 'website' | 'media'; user?: { kind: 'server_user' | 'local_user'; username: string } },
  ): Promise<{ page_url: string; expires: number; server_time: number }>;
  request(o: {
    kind?: 'website' | 'media';
    url: string;
    title?: string;
    notes?: string;
    requestId?: string;
    user?: { kind: 'server_user' | 'local_user'; username: string };
    media?: { type: string; title: string; thumbnail?: string; description?: string };
  }): Promise<{ status: string; request_id: number | null; server_time: number }>;
  apps: Map<string, { package_name: string; name: string; version: string; installed_at: number }>;
  requestApp(o: {
    packageName: string;
    name?: string;
    version?: string;
    source?: string;
    notes?: string;
    requestId?: string;
  }): Promise<{ status: string; request_id: number | null; server_time: number }>;
  runCommands(): Promise<{ id: number; state: string; applied: boolean }[]>;
}
