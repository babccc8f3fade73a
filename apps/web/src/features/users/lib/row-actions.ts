/**
 * Which actions a row's menu offers (000 §4.4): by status for console users, Undelete for a deleted
 * server or local user, Manage User always. Status actions are a Console Admin's, never on oneself:
 * the server refuses them otherwise with a 403, which would send the user home (000 §8), so they are
 * not offered.
 */
import type { UserListItem } from '@wayguard/contracts';
import { paths } from '../../../lib/paths';

export type RowActionKind = 'resend_activation_email' | 'reset_password' | 'deactivate' | 'reactivate' | 'undelete';

export type Viewer = { userId: number; admin: boolean };

export function isServerRow(row: Pick<UserListItem, 'type'>): boolean {
  return row.type.type === 'server_user' || row.type.type === 'local_user';
}

/** Server and local users open /users/server_users/{id}; console users /users/{id} (000 §2.7). */
export function userPagePath(row: Pick<UserListItem, 'id' | 'type'>): string {
  return isServerRow(row) ? paths.users.serverUser.href(row.id) : paths.users.details.href(row.id);
}

export function rowActionKinds(row: Pick<UserListItem, 'id' | 'type' | 'status'>, viewer: Viewer): RowActionKind[] {
  if (!viewer.admin) return [];
  if (isServerRow(row)) return row.status === 'deactivated' ? ['undelete'] : [];
  if (row.id === viewer.userId) return [];
  switch (row.status) {
    case 'awaiting_activation':
      return ['resend_activation_email', 'deactivate'];
    case 'password_reset':
    case 'activated':
      return ['reset_password', 'deactivate'];
    case 'deactivated':
      return ['reactivate'];
  }
}

export const ROW_ACTION_LABELS: Record<RowActionKind, string> = {
  resend_activation_email: 'Resend Email',
  reset_password: 'Reset Password',
  deactivate: 'Deactivate',
  reactivate: 'Reactivate',
  undelete: 'Undelete',
};
