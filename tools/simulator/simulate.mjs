#!/usr/bin/env node
// Device simulator (design/agent-api.md "The simulator"): enrols N machines and mobiles with an
// enrolment token against a running server, over real HTTP, sends each one's details (inventory),
// then keeps them checking in with jitter, now and then raising and clearing an alert, fetching a
// changed policy and running the commands an administrator sends (lock screen, device password, app
// installs and uninstalls, reported in the next inventory), now and then showing a block page and
// asking for a blocked site or video with a pupil's note (a mobile: for an app), and
// prints what each does. Re-running with the same --fleet re-enrols the same devices (no
// duplicates: the server finds them by instance id), sending each one's secret kept in the state file
// (without it the server holds the enrolment for an administrator to approve). A device retired by an
// administrator, or whose replacement was refused, stops (printed).
//
//   npm run simulate -- --token wge_… [--devices 10] [--mobiles 3] [--url http://localhost:8080]
//                       [--fleet sim] [--interval 30] [--once] [--mobile-user teacher] [--state FILE]
//
// --token      an enrolment token (Account Info → Enrolment Tokens → New Token); or WG_ENROLMENT_TOKEN
// --devices    how many machines (default 5); --mobiles how many mobiles (default 0)
// --mobile-user  the mobiles report this username (information only: make the token for the user, or
//              link the mobile on its page, to lend it to a console user)
// --state      where the devices' secrets are kept between runs (default .wayguard-sim/FLEET.json)
// --interval   seconds between check-ins (default: what the server says), each ±20 % at random
// --once       enrol, check in once (fetching the policy and running waiting commands), report the
//              applied policy at a second check-in, and stop
import { parseArgs } from 'node:util';
import { SimDevice, identityOf } from './device.mjs';
import { FileSecrets } from './secrets.mjs';

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: process.env.WG_URL ?? 'http://localhost:8080' },
    token: { type: 'string', default: process.env.WG_ENROLMENT_TOKEN ?? '' },
    devices: { type: 'string', default: '5' },
    mobiles: { type: 'string', default: '0' },
    'mobile-user': { type: 'string', default: '' },
    fleet: { type: 'string', default: 'sim' },
    interval: { type: 'string' },
    once: { type: 'boolean', default: false },
    state: { type: 'string' },
  },
});

if (!values.token) {
  console.error('An enrolment token is needed: --token wge_… (Account Info → Enrolment Tokens → New Token).');
  process.exit(2);
}
const machines = Number(values.devices);
const mobiles = Number(values.mobiles);
if (
  !Number.isInteger(machines) ||
  !Number.isInteger(mobiles) ||
  machines < 0 ||
  mobiles < 0 ||
  machines + mobiles === 0
) {
  console.error('--devices and --mobiles are whole numbers, at least one device in all.');
  process.exit(2);
}

const secrets = new FileSecrets(values.state ?? `.wayguard-sim/${values.fleet.replace(/[^A-Za-z0-9_-]/g, '_')}.json`);
const stamp = () => new Date().toISOString().slice(11, 19);
const log = (line) => console.log(`${stamp()} ${line}`);
const fleet = [
  ...Array.from({ length: machines }, (_, i) => identityOf(values.fleet, i, 'machine')),
  ...Array.from({ length: mobiles }, (_, i) => ({
    ...identityOf(values.fleet, i, 'mobile'),
    ...(values['mobile-user'] ? { user: values['mobile-user'] } : {}),
  })),
].map((identity) => new SimDevice({ baseUrl: values.url, token: values.token, identity, log, secrets }));

let failures = 0;
const guarded = async (device, step) => {
  try {
    await step(device);
  } catch (e) {
    failures += 1;
    log(e instanceof Error ? e.message : String(e));
  }
};

log(`enrolling ${fleet.length} device(s) with ${values.url}`);
for (const d of fleet) await guarded(d, (x) => x.enrol());
await Promise.all(fleet.map((d) => guarded(d, (x) => x.inventory())));
await Promise.all(fleet.map((d) => guarded(d, (x) => x.checkin())));
if (values.once) {
  // The policy applied at the first check-in is reported at the next one.
  await Promise.all(fleet.map((d) => guarded(d, (x) => x.checkin({ follow: false }))));
  process.exit(failures > 0 ? 1 : 0);
}

let stopping = false;
process.on('SIGINT', () => {
  stopping = true;
  log('stopping');
  process.exit(0);
});
// Now and then a device raises one of the alerts of 001 §4 and later clears it.
const ALERTS = [
  { code: 200, group_id: 'critical_warning', title: 'No internet filtering' },
  { code: 302, group_id: 'service_alert', title: 'Filter service stopped' },
  { code: 301, group_id: 'validation_failure', title: 'Licence could not be validated' },
];
const open = new Map();
const maybeAlert = async (d) => {
  const raised = open.get(d);
  if (raised && Math.random() < 0.5) {
    open.delete(d);
    await d.sendEvents([{ type: 'alert_cleared', code: raised.code }]);
  } else if (!raised && Math.random() < 0.15) {
    const a = ALERTS[Math.floor(Math.random() * ALERTS.length)];
    open.set(d, a);
    await d.sendEvents([{ type: 'alert_raised', ...a, description: 'Reported by the simulator' }]);
  }
};
// Now and then a device's user runs into a blocked page, sees the block page and asks for access,
// with a note of the kind pupils write; now and then for a video rather than a site.
const WANTED = [
  { url: 'https://www.tiktok.com/@natgeo', title: 'National Geographic on TikTok' },
  { url: 'https://www.instagram.com/nasa/', title: 'NASA on Instagram' },
  { url: 'https://www.twitch.tv/chess', title: 'Chess on Twitch' },
  { url: 'https://www.roblox.com/games/920587237', title: 'A Roblox game' },
  { url: 'https://discord.com/channels/@me', title: 'Discord' },
  { url: 'https://www.reddit.com/r/AskHistorians/', title: 'AskHistorians' },
  { url: 'https://www.coolmathgames.com/0-run', title: 'Run (Cool Math Games)' },
];
const VIDEOS = [
  { url: 'https://www.youtube.com/watch?v=wbSwFU6tY1c', title: 'The water cycle explained' },
  { url: 'https://www.youtube.com/watch?v=yXkxRpLY8d0', title: 'How volcanoes work' },
  { url: 'https://www.youtube.com/watch?v=8nHBGFKLHZQ', title: 'Fractions for beginners' },
];
const NOTES = [
  'I need this for my history project',
  'Our teacher shared this in class',
  'For my science homework about volcanoes',
  'It is for the school chess club',
  'My group is working on a presentation',
  '',
];
const pick = (list) => list[Math.floor(Math.random() * list.length)];
// A mobile's user asks for an app now and then: apps of the demo catalogue, and one it does not know.
const APPS = [
  { packageName: 'com.duolingo', name: 'Duolingo', source: 'Google Play Store' },
  { packageName: 'com.quizlet.quizletandroid', name: 'Quizlet', source: 'Google Play Store' },
  { packageName: 'com.kahoot.android', name: 'Kahoot!', source: 'Google Play Store' },
  { packageName: 'com.photomath.photomath', name: 'Photomath', source: 'Google Play Store' },
  { packageName: 'com.roblox.client', name: 'Roblox', source: 'Google Play Store' },
  { packageName: 'com.spotify.music', name: 'Spotify', source: 'Google Play Store' },
  { packageName: 'org.sim.homeworkhelper', name: 'Homework Helper (sideloaded)', source: 'Unknown source' },
];
const maybeRequestApp = async (d) => {
  if (d.identity.kind !== 'mobile' || Math.random() >= 0.1) return;
  await d.requestApp({ ...pick(APPS), notes: pick(NOTES) });
};
const maybeRequest = async (d) => {
  if (Math.random() >= 0.08) return;
  const video = Math.random() < 0.3;
  const want = pick(video ? VIDEOS : WANTED);
  await d.blockPage(want.url, { kind: video ? 'media' : 'website' });
  await d.request(
    video
      ? { kind: 'media', url: want.url, notes: pick(NOTES), media: { type: 'video', title: want.title } }
      : { kind: 'website', url: want.url, title: want.title, notes: pick(NOTES) },
  );
};
const intervalOf = (d) =>
  (values.interval ? Number(values.interval) : d.intervalS) * (0.8 + Math.random() * 0.4) * 1000;
for (const d of fleet) {
  const loop = () => {
    if (stopping || d.state === 'stopped') return;
    void guarded(d, async (x) => {
      const r = await x.checkin();
      if (r.waiting || r.stopped) return;
      await maybeAlert(x);
      await maybeRequest(x);
      await maybeRequestApp(x);
      // A device asked to wait (429 slow_down, 503 busy) comes back after the wait the server gave.
    }).finally(() => setTimeout(loop, d.takeRetryAfter() * 1000 || intervalOf(d)));
  };
  setTimeout(loop, intervalOf(d));
}
