// The simulator's command line (simulate.mjs documents each option): parsed and checked here, so that
// tests run a fleet with exactly the arguments the README gives.
import { parseArgs } from 'node:util';
import { identityOf } from './device.mjs';
import { DEMO_INTERVAL_S } from './run.mjs';

/**
 * The run an argument list asks for, or `{ error }` saying what is wrong with it.
 * @param {string[]} args
 * @param {Record<string, string | undefined>} [env]
 */
export function simOptions(args, env = {}) {
  const { values } = parseArgs({
    args,
    options: {
      url: { type: 'string', default: env.WG_URL ?? 'http://localhost:8080' },
      token: { type: 'string', default: env.WG_ENROLMENT_TOKEN ?? '' },
      devices: { type: 'string', default: '5' },
      mobiles: { type: 'string', default: '0' },
      'mobile-user': { type: 'string', default: '' },
      fleet: { type: 'string', default: 'sim' },
      interval: { type: 'string', default: String(DEMO_INTERVAL_S) },
      users: { type: 'string', default: '' },
      once: { type: 'boolean', default: false },
      state: { type: 'string' },
    },
  });
  if (!values.token)
    return { error: 'An enrolment token is needed: --token wge_… (Account Info → Enrolment Tokens → New Token).' };
  const machines = Number(values.devices);
  const mobiles = Number(values.mobiles);
  if (
    !Number.isInteger(machines) ||
    !Number.isInteger(mobiles) ||
    machines < 0 ||
    mobiles < 0 ||
    machines + mobiles === 0
  )
    return { error: '--devices and --mobiles are whole numbers, at least one device in all.' };
  const interval = values.interval === 'server' ? null : Number(values.interval);
  if (interval !== null && !(interval >= 1))
    return { error: '--interval is a number of seconds (at least 1), or server.' };
  const domainUsers = values.users
    .split(',')
    .map((u) => u.trim())
    .filter(Boolean);
  const identities = [
    ...Array.from({ length: machines }, (_, i) => {
      const identity = identityOf(values.fleet, i, 'machine');
      const user = domainUsers[i % domainUsers.length];
      // A domain user given, or the machine's local pupil account, named as Windows names local users.
      return {
        ...identity,
        signedIn: user
          ? { kind: /** @type {const} */ ('server_user'), username: user }
          : { kind: /** @type {const} */ ('local_user'), username: `student@${identity.name}` },
      };
    }),
    ...Array.from({ length: mobiles }, (_, i) => ({
      ...identityOf(values.fleet, i, 'mobile'),
      ...(values['mobile-user'] ? { user: values['mobile-user'] } : {}),
    })),
  ];
  return {
    url: values.url,
    token: values.token,
    interval,
    once: values.once,
    identities,
    state: values.state ?? `.wayguard-sim/${values.fleet.replace(/[^A-Za-z0-9_-]/g, '_')}.json`,
  };
}
