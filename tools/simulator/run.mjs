// A simulated fleet's life (docs/design/agent-api.md "The simulator"), driven by the CLI (simulate.mjs) and
// by tests: enrol, send details, check in, then keep checking in with jitter, now and then raising
// and clearing an alert, and a user running into a page the device's policy blocks (blocked.mjs):
// the block page, then an ask with a note (a mobile's user asks for an app now and then). Time and
// chance are injected (`sleep`, `random`): tests run minutes of a fleet's life without waiting.
//
// The first minute shows the product working: check-ins come every DEMO_INTERVAL_S seconds unless
// told otherwise (a real agent checks in every few minutes, as the server says), and the fleet's
// first machine and first mobile each ask at their first check-in after enrolment.
import { blockedAddresses } from './blocked.mjs';

/** Seconds between a simulated device's check-ins when --interval is not given. */
export const DEMO_INTERVAL_S = 20;

/** Alerts of 001 §4 that a device raises now and then and later clears. */
const ALERTS = [
  { code: 200, group_id: 'critical_warning', title: 'No internet filtering' },
  { code: 302, group_id: 'service_alert', title: 'Filter service stopped' },
  { code: 301, group_id: 'validation_failure', title: 'Licence could not be validated' },
];
const NOTES = [
  'I need this for my history project',
  'Our teacher shared this in class',
  'For my science homework about volcanoes',
  'It is for the school chess club',
  'My group is working on a presentation',
  '',
];
/** Apps a mobile's user asks for: apps of the demo catalogue, and one it does not know. */
const APPS = [
  { packageName: 'com.duolingo', name: 'Duolingo', source: 'Google Play Store' },
  { packageName: 'com.quizlet.quizletandroid', name: 'Quizlet', source: 'Google Play Store' },
  { packageName: 'com.kahoot.android', name: 'Kahoot!', source: 'Google Play Store' },
  { packageName: 'com.photomath.photomath', name: 'Photomath', source: 'Google Play Store' },
  { packageName: 'com.roblox.client', name: 'Roblox', source: 'Google Play Store' },
  { packageName: 'com.spotify.music', name: 'Spotify', source: 'Google Play Store' },
  { packageName: 'org.sim.homeworkhelper', name: 'Homework Helper (sideloaded)', source: 'Unknown source' },
];

/** A page title for an address, as a browser tab would show it. */
const titleOf = (url) => {
  const u = new URL(url);
  const v = u.searchParams.get('v');
  return v
    ? `Video ${v} on ${u.hostname.replace(/^www\./, '')}`
    : u.hostname.replace(/^www\./, '') + u.pathname.replace(/\/$/, '');
};

/**
 * Runs a fleet (SimDevice instances). `interval`: seconds between check-ins (null: what the server
 * says), each ±20 %; `durationS`: each device stops after that much of its own time (default: never);
 * `once`: enrol, check in once and stop. Answers the number of steps that failed.
 * @param {import('./device.mjs').SimDevice[]} fleet
 * @param {{ log: (line: string) => void, interval?: number | null, once?: boolean, durationS?: number,
 *   sleep?: (ms: number) => Promise<void>, random?: () => number, stopping?: () => boolean }} o
 */
export async function runFleet(fleet, o) {
  const { log } = o;
  const random = o.random ?? Math.random;
  const sleep = o.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  const stopping = o.stopping ?? (() => false);
  const pick = (list) => list[Math.floor(random() * list.length)];
  let failures = 0;
  const guarded = async (device, step) => {
    try {
      await step(device);
    } catch (e) {
      failures += 1;
      log(e instanceof Error ? e.message : String(e));
    }
  };

  for (const d of fleet) await guarded(d, (x) => x.enrol());
  await Promise.all(fleet.map((d) => guarded(d, (x) => x.inventory())));
  await Promise.all(fleet.map((d) => guarded(d, (x) => x.checkin())));
  if (o.once) return failures;

  const open = new Map();
  const maybeAlert = async (d) => {
    const raised = open.get(d);
    if (raised && random() < 0.5) {
      open.delete(d);
      await d.sendEvents([{ type: 'alert_cleared', code: raised.code }]);
    } else if (!raised && random() < 0.15) {
      const a = pick(ALERTS);
      open.set(d, a);
      await d.sendEvents([{ type: 'alert_raised', ...a, description: 'Reported by the simulator' }]);
    }
  };
  // The user runs into an address the device blocks: the block page, then (when the policy lets its
  // users ask for that kind) an ask with a note.
  const ask = async (d) => {
    const web = d.policy?.web_access;
    const blocked = blockedAddresses(web);
    if (blocked.length === 0) return;
    const want = pick(blocked);
    await d.blockPage(want.url, { kind: want.kind });
    if (want.kind === 'media' ? !web.media_requests : !web.website_requests) return;
    await d.request(
      want.kind === 'media'
        ? { kind: 'media', url: want.url, notes: pick(NOTES), media: { type: 'video', title: titleOf(want.url) } }
        : { kind: 'website', url: want.url, title: titleOf(want.url), notes: pick(NOTES) },
    );
  };
  const askApp = (d) => d.requestApp({ ...pick(APPS), notes: pick(NOTES) });
  const firstAsker = fleet.find((d) => d.identity.kind === 'machine') ?? fleet[0];
  const firstMobile = fleet.find((d) => d.identity.kind === 'mobile');
  const intervalOf = (d) => (o.interval ?? d.intervalS) * (0.8 + random() * 0.4) * 1000;
  const lifeMs = (o.durationS ?? Infinity) * 1000;

  const live = async (d) => {
    let elapsed = 0;
    let steps = 0;
    for (;;) {
      if (stopping() || d.state === 'stopped') return;
      // A device asked to wait (429 slow_down, 503 busy) comes back after the wait the server gave.
      const wait = d.takeRetryAfter() * 1000 || intervalOf(d);
      if (elapsed + wait > lifeMs) return;
      await sleep(wait);
      elapsed += wait;
      if (stopping()) return;
      steps += 1;
      await guarded(d, async (x) => {
        const r = await x.checkin();
        if (r.waiting || r.stopped) return;
        await maybeAlert(x);
        if ((x === firstAsker && steps === 1) || random() < 0.08) await ask(x);
        if (x.identity.kind === 'mobile' && ((x === firstMobile && steps === 1) || random() < 0.1)) await askApp(x);
      });
    }
  };
  await Promise.all(fleet.map(live));
  return failures;
}
