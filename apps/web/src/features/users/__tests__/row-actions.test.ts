import { describe, expect, it } from 'vitest';
import type { UserListItem } from '@wayguard/contracts';
import { rowActionKinds, userPagePath } from '../lib/row-actions';
import { toCreateUserRequest } from '../lib/create-user-form';

type Row = Pick<UserListItem, 'id' | 'type' | 'status'>;
const consoleUser = (status: Row['status'], id = 7): Row => ({
  id,
  status,
  type: { type: 'console_user', name: 'Wayguard User' },
});
const serverUser = (status: Row['status']): Row => ({
  id: 3,
  status,
  type: { type: 'server_user', name: 'Server/Domain User' },
});
const admin = { userId: 1, admin: true };

describe('row actions by status (000 §4.4)', () => {
  it('offers a Console Admin the actions of each status', () => {
    expect(rowActionKinds(consoleUser('awaiting_activation'), admin)).toEqual([
      'resend_activation_email',
      'deactivate',
    ]);
    expect(rowActionKinds(consoleUser('password_reset'), admin)).toEqual(['reset_password', 'deactivate']);
    expect(rowActionKinds(consoleUser('activated'), admin)).toEqual(['reset_password', 'deactivate']);
    expect(rowActionKinds(consoleUser('deactivated'), admin)).toEqual(['reactivate']);
    expect(rowActionKinds(serverUser('deactivated'), admin)).toEqual(['undelete']);
    expect(rowActionKinds(serverUser('activated'), admin)).toEqual([]);
  });

  it('offers nothing on oneself or to other roles (the server would answer 403)', () => {
    expect(rowActionKinds(consoleUser('activated', 1), admin)).toEqual([]);
    expect(rowActionKinds(consoleUser('activated'), { userId: 1, admin: false })).toEqual([]);
    expect(rowActionKinds(serverUser('deactivated'), { userId: 1, admin: false })).toEqual([]);
  });

  it('links server and local users to /users/server_users/{id}', () => {
    expect(userPagePath(serverUser('activated'))).toBe('/users/server_users/3');
    expect(userPagePath({ id: 4, type: { type: 'local_user', name: 'Local Windows User' } })).toBe(
      '/users/server_users/4',
    );
    expect(userPagePath(consoleUser('activated'))).toBe('/users/7');
  });
});

describe('create user request (000 §4.5)', () => {
  const base = {
    username: 'e2elist1',
    email_address: 'a@b.co',
    first_name: 'Ann',
    last_name: 'Lee',
    time_zone: 'Europe/London',
    type_id: '261' as const,
  };
  it('sends the type as options.type_id and leaves out phones that are not complete', () => {
    expect(toCreateUserRequest({ ...base, telephone: null, mobile: null })).toEqual({
      username: 'e2elist1',
      email_address: 'a@b.co',
      first_name: 'Ann',
      last_name: 'Lee',
      time_zone: 'Europe/London',
      options: { type_id: 261 },
    });
    const mobile = { country_code_id: 5, number: '77' };
    expect(toCreateUserRequest({ ...base, telephone: null, mobile })).toMatchObject({ mobile });
  });
});
