/**
 * The users list's declaration (000 §2.7, §7.3): its calls, sorts, filter flags and their groups.
 * Default sort: username A-Z; page size 25.
 */
import { USER_FILTER_FLAGS, USER_SORTS, type UserFilterFlag } from '@wayguard/contracts';
import { defineList, flagsFilter, type FilterGroup } from '../../../components/list';
import { usersExportEndpoint } from '../api/users-export';
import { usersListEndpoint } from '../api/users-list';

export const usersList = defineList({
  key: 'users',
  ...usersListEndpoint,
  ...usersExportEndpoint,
  rows: (r) => r.users,
  total: (r) => r.total_count,
  rowKey: (u) => `${u.type.type}-${u.id}`,
  sorts: USER_SORTS,
  defaultSort: 'username',
  filters: { flags: flagsFilter(USER_FILTER_FLAGS) },
});

export type UserSort = (typeof USER_SORTS)[number];

/**
 * The popup's groups. Within a group the flags are alternatives, the groups must all hold (the
 * server's rule, docs/decisions/users.md "List filters").
 */
export const USER_FILTER_GROUPS: FilterGroup<UserFilterFlag>[] = [
  {
    label: 'Status',
    options: [
      { value: 'awaiting_activation', label: 'Awaiting activation' },
      { value: 'password_reset', label: 'Password reset' },
      { value: 'deactivated', label: 'Deactivated or deleted' },
    ],
  },
  {
    label: 'Activity',
    options: [
      { value: 'active_past_hour', label: 'Active in the past hour (1h)' },
      { value: 'active_last_30_days', label: 'Active in the last 30 days (30d)' },
      { value: 'not_active_last_30_days', label: 'Not active for 30 days (30d+)' },
    ],
  },
  {
    label: 'E-mail',
    options: [{ value: 'failed_email_delivery', label: 'Failed e-mail delivery' }],
  },
];
