/** Named demo users (documented in the README) and deterministic filler users for paging. */
import type { UserOptions } from '../db/schema/users.js';

export type DemoUser = {
  username: string;
  password: string | null;
  first: string;
  last: string;
  email: string;
  type: 'console_admin' | 'requests_admin' | 'console_user';
  status: 'activated' | 'deactivated' | 'awaiting_activation' | 'password_reset';
  acceptedTerms: boolean;
  confirmed: boolean;
  mustChange?: boolean;
  mfaSecret?: string | null;
  mfaEnabled?: boolean;
  options?: UserOptions;
};

export const DEMO_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

export const NORTHFIELD_USERS: DemoUser[] = [
  {
    username: 'admin',
    password: 'DemoAdmin2026!',
    first: 'Alex',
    last: 'Morgan',
    email: 'admin@northfield.example',
    type: 'console_admin',
    status: 'activated',
    acceptedTerms: false,
    confirmed: true,
  },
  {
    username: 'reviewer',
    password: 'DemoReview2026!',
    first: 'Riley',
    last: 'Chen',
    email: 'reviewer@northfield.example',
    type: 'requests_admin',
    status: 'activated',
    acceptedTerms: false,
    confirmed: true,
  },
  {
    username: 'teacher',
    password: 'DemoTeacher2026!',
    first: 'Taylor',
    last: 'Brooks',
    email: 'teacher@northfield.example',
    type: 'console_user',
    status: 'activated',
    acceptedTerms: true,
    confirmed: false,
    options: { mobile_app_access: true, beta_version_access: false },
  },
  {
    username: 'mfaadmin',
    password: 'DemoMfa2026!',
    first: 'Morgan',
    last: 'Price',
    email: 'mfaadmin@northfield.example',
    type: 'console_admin',
    status: 'activated',
    acceptedTerms: true,
    confirmed: true,
    mfaEnabled: true,
    mfaSecret: DEMO_TOTP_SECRET,
  },
  {
    username: 'mfasetup',
    password: 'DemoMfaSetup2026!',
    first: 'Sam',
    last: 'Okafor',
    email: 'mfasetup@northfield.example',
    type: 'console_admin',
    status: 'activated',
    acceptedTerms: true,
    confirmed: true,
    mfaEnabled: true,
    mfaSecret: null,
  },
  {
    username: 'expired',
    password: 'DemoExpired2026!',
    first: 'Eden',
    last: 'Walsh',
    email: 'expired@northfield.example',
    type: 'console_user',
    status: 'activated',
    acceptedTerms: true,
    confirmed: true,
    mustChange: true,
  },
  {
    username: 'newstaff',
    password: null,
    first: 'Noah',
    last: 'Patel',
    email: 'newstaff@northfield.example',
    type: 'console_user',
    status: 'awaiting_activation',
    acceptedTerms: false,
    confirmed: false,
  },
  {
    username: 'stalelink',
    password: null,
    first: 'Stella',
    last: 'Lindqvist',
    email: 'stalelink@northfield.example',
    type: 'console_user',
    status: 'awaiting_activation',
    acceptedTerms: false,
    confirmed: false,
  },
  {
    username: 'resetuser',
    password: 'DemoReset2026!',
    first: 'Robin',
    last: 'Hale',
    email: 'resetuser@northfield.example',
    type: 'console_user',
    status: 'password_reset',
    acceptedTerms: true,
    confirmed: true,
  },
  {
    username: 'formerstaff',
    password: 'DemoFormer2026!',
    first: 'Frances',
    last: 'Doyle',
    email: 'formerstaff@northfield.example',
    type: 'console_user',
    status: 'deactivated',
    acceptedTerms: true,
    confirmed: true,
  },
];

export const RIVERSIDE_USERS: DemoUser[] = [
  {
    username: 'family',
    password: 'DemoFamily2026!',
    first: 'Jordan',
    last: 'Rivers',
    email: 'family@riverside.example',
    type: 'console_admin',
    status: 'activated',
    acceptedTerms: true,
    confirmed: true,
  },
  {
    username: 'riverside-parent',
    password: 'DemoParent2026!',
    first: 'Casey',
    last: 'Rivers',
    email: 'parent@riverside.example',
    type: 'console_user',
    status: 'activated',
    acceptedTerms: true,
    confirmed: true,
  },
];

const FIRST = [
  'Amelia',
  'Ben',
  'Chloe',
  'Daniel',
  'Ella',
  'Finn',
  'Grace',
  'Harry',
  'Isla',
  'Jack',
  'Katie',
  'Liam',
  'Mia',
  'Nathan',
  'Olivia',
  'Peter',
  'Quinn',
  'Ruby',
  'Sophie',
  'Tom',
];
const LAST = ['Adams', 'Baker', 'Clarke', 'Davies', 'Evans', 'Fisher', 'Green', 'Hughes', 'Jones', 'King'];

/** 64 staff accounts in every status, generated the same way each time. */
export function fillerUsers(): DemoUser[] {
  const out: DemoUser[] = [];
  for (let i = 0; i < 64; i++) {
    const first = FIRST[i % FIRST.length]!;
    const last = LAST[(i * 7) % LAST.length]!;
    const username = `${first}.${last}${i + 1}`.toLowerCase();
    const status =
      i % 11 === 0
        ? 'deactivated'
        : i % 9 === 0
          ? 'awaiting_activation'
          : i % 13 === 0
            ? 'password_reset'
            : 'activated';
    out.push({
      username,
      password: status === 'awaiting_activation' ? null : 'DemoStaff2026!',
      first,
      last,
      email: `${first}.${last}${i + 1}@staff.nf.example`.toLowerCase(),
      type: i % 10 === 0 ? 'console_admin' : i % 4 === 0 ? 'requests_admin' : 'console_user',
      status,
      acceptedTerms: true,
      confirmed: true,
    });
  }
  return out;
}
