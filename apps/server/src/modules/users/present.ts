/** A users list row as the contract shapes it (000 §2.7). */
import type { UserListItem } from '@wayguard/contracts';
import { TYPE_LABELS, type UserRow } from './repository.js';

export function listItem(r: UserRow): UserListItem {
  return {
    id: r.id,
    username: r.username,
    email_address: r.email_address,
    first_name: r.first_name,
    last_name: r.last_name,
    type: { type: r.type, name: TYPE_LABELS[r.type] },
    status: r.status,
    last_active: r.last_active,
    date_created: r.date_created,
    created_by: r.created_by,
    filters: {
      awaiting_activation: r.awaiting_activation,
      password_reset: r.password_reset,
      deactivated: r.deactivated,
      not_active_last_30_days: r.not_active_last_30_days,
      active_last_30_days: r.active_last_30_days,
      active_past_hour: r.active_past_hour,
      failed_email_delivery: r.failed_email_delivery,
    },
  };
}
