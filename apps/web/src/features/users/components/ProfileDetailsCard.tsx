/** Profile Details (000 §2.8): every field of the user, read-only; dates in the user's time zone. */
import type { UserPageContext } from '../hooks/use-user-page';
import { USER_STATUS_LABELS } from '../lib/user-labels';
import { formatLastActive } from '../lib/last-active';
import { formatDateTime } from '../../../lib/dates';
import { contactRows, NOT_SET } from '../lib/format';
import { SectionCard } from '../../../components/SectionCard';
import { ValueList } from './ValueList';

export function ProfileDetailsCard({ user, viewer }: Pick<UserPageContext, 'user' | 'viewer'>) {
  return (
    <SectionCard title="Profile Details" testId="profile-details">
      <ValueList
        rows={[
          ['Username', user.username],
          ...contactRows(user, viewer),
          ['Language', user.language || NOT_SET],
          ['Type', user.type.name],
          ['Status', USER_STATUS_LABELS[user.status]],
          ['Last active', formatLastActive(user.last_active)],
          ['Date created', user.date_created ? formatDateTime(user.date_created) : NOT_SET],
          ['Created by', user.created_by || NOT_SET],
        ]}
      />
    </SectionCard>
  );
}
