/** The server or local user's fields (000 §3.5); dates in the user's time zone. */
import type { ReactNode } from 'react';
import type { ServerUserDetails } from '@wayguard/contracts';
import { formatLastActive } from '../lib/last-active';
import { formatDateTime } from '../../../lib/dates';
import { STATUS_LABELS, typeLabel } from '../lib/server-user-labels';
import { NOT_SET } from '../lib/format';
import { SectionCard } from '../../../components/SectionCard';
import { ValueList } from './ValueList';

export function ProfileInformation({ user, action }: { user: ServerUserDetails; action?: ReactNode }) {
  const rows: [string, string][] = [
    ['Username', user.username],
    ['First name', user.first_name || NOT_SET],
    ['Last name', user.last_name || NOT_SET],
    ['Type', typeLabel(user.type)],
    ['Status', STATUS_LABELS[user.status]],
    ['Date created', user.date_created ? formatDateTime(user.date_created) : NOT_SET],
    ['Last active', formatLastActive(user.last_active)],
    ['Connection', user.connection ?? 'None'],
    ['Connection type', user.connection_type ?? 'None'],
    ['Last sync', user.last_sync ? formatDateTime(user.last_sync) : 'Never'],
  ];
  return (
    <SectionCard title="Profile Information" action={action} testId="profile-information">
      <ValueList rows={rows} />
    </SectionCard>
  );
}
