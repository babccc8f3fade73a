// Where simulated devices keep their secrets between runs (issue 25): a device enrolling again sends
// its current secret (Authorization: Bearer), or the server holds the enrolment as a replacement for
// an administrator. MemorySecrets lasts one process; FileSecrets is a JSON file (mode 0600) written
// whole (a temporary file renamed over it), keyed by the device's instance id.

import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** @typedef {{ deviceId: number, secret: string }} Kept */

export class MemorySecrets {
  constructor() {
    /** @type {Map<string, Kept>} */
    this.map = new Map();
  }
  /** @param {string} instanceId */
  get(instanceId) {
    return this.map.get(instanceId);
  }
  /** @param {string} instanceId @param {Kept} kept */
  set(instanceId, kept) {
    this.map.set(instanceId, kept);
  }
}

export class FileSecrets extends MemorySecrets {
  /** @param {string} path */
  constructor(path) {
    super();
    this.path = path;
    let raw = '{}';
    try {
      raw = readFileSync(path, 'utf8');
    } catch (e) {
      if (/** @type {{ code?: string }} */ (e).code !== 'ENOENT') throw e;
    }
    for (const [id, kept] of Object.entries(JSON.parse(raw))) this.map.set(id, kept);
  }
  /** @param {string} instanceId @param {Kept} kept */
  set(instanceId, kept) {
    super.set(instanceId, kept);
    mkdirSync(dirname(this.path), { recursive: true });
    const tmp = `${this.path}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(Object.fromEntries(this.map), null, 2), { mode: 0o600 });
    renameSync(tmp, this.path);
  }
}
