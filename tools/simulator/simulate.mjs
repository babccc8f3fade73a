#!/usr/bin/env node
// Device simulator (docs/design/agent-api.md "The simulator"): enrols N machines and mobiles with an
// enrolment token against a running server, over real HTTP, sends each one's details (inventory),
// then keeps them checking in with jitter, now and then raising and clearing an alert, fetching a
// changed policy and running the commands an administrator sends (lock screen, device password, app
// installs and uninstalls, reported in the next inventory), now and then showing a block page for an
// address its policy blocks and asking for it with a pupil's note (a mobile: for an app as well), and
// prints what each does (run.mjs). Re-running with the same --fleet re-enrols the same devices (no
// duplicates: the server finds them by instance id), sending each one's secret kept in the state file
// (without it the server holds the enrolment for an administrator to approve). A device retired by an
// administrator, or whose replacement was refused, stops (printed).
//
//   npm run simulate -- --token wge_… [--devices 5] [--mobiles 0] [--url http://localhost:8080]
//                       [--fleet sim] [--interval 20|server] [--users a,b] [--once] [--mobile-user teacher] [--state FILE]
//
// --token      an enrolment token (Account Info → Enrolment Tokens → New Token); or WG_ENROLMENT_TOKEN
// --devices    how many machines (default 5); --mobiles how many mobiles (default 0)
// --interval   seconds between check-ins, each ±20 % at random (default 20, for a demo); `server`: what
//              the server says (300), as a real agent
// --users      domain usernames signed in on the machines in turn (the account's server users, e.g.
//              year7.ahmed@northfield.local); default: each machine's local user student@<MACHINE>
// --mobile-user  the mobiles report this username (information only: make the token for the user, or
//              link the mobile on its page, to lend it to a console user)
// --fleet      the run's name: its devices' names and serials (default sim)
// --state      where the devices' secrets are kept between runs (default .wayguard-sim/FLEET.json)
// --once       enrol, check in once (fetching and reporting the policy, running waiting commands), stop
import { SimDevice } from './device.mjs';
import { FileSecrets } from './secrets.mjs';
import { runFleet } from './run.mjs';
import { simOptions } from './options.mjs';

const o = simOptions(process.argv.slice(2), process.env);
if (o.error) {
  console.error(o.error);
  process.exit(2);
}
const secrets = new FileSecrets(o.state);
const stamp = () => new Date().toISOString().slice(11, 19);
const log = (line) => console.log(`${stamp()} ${line}`);
const fleet = o.identities.map((identity) => new SimDevice({ baseUrl: o.url, token: o.token, identity, log, secrets }));

let stopping = false;
process.on('SIGINT', () => {
  stopping = true;
  log('stopping');
  process.exit(0);
});
log(`enrolling ${fleet.length} device(s) with ${o.url}`);
const failures = await runFleet(fleet, { log, interval: o.interval, once: o.once, stopping: () => stopping });
process.exit(failures > 0 ? 1 : 0);
