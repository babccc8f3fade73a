/**
 * On This Account (000 §2.6): the account's device and user counts. Users is the users list's total
 * (console, server and local users of every status) and links to that list, which shows the same number.
 */
import { Anchor, DataList } from '@mantine/core';
import { Link } from 'react-router';
import type { AccountResponse } from '@wayguard/contracts';
import { paths } from '../../../lib/paths';
import { AccountCard } from './AccountCard';
import { Detail } from './Detail';

type CountKey =
  'machine_count' | 'mobile_count' | 'user_count' | 'registered_not_billed_count' | 'billed_not_registered_count';

export const ACCOUNT_COUNTS: readonly { key: CountKey; label: string; to?: string }[] = [
  { key: 'machine_count', label: 'PC machines' },
  { key: 'mobile_count', label: 'Mobile devices' },
  { key: 'user_count', label: 'Users', to: paths.users.list.href() },
  { key: 'registered_not_billed_count', label: 'Registered, not billed' },
  { key: 'billed_not_registered_count', label: 'Billed, not registered' },
];

export function OnThisAccountCard({ account }: { account: AccountResponse }) {
  return (
    <AccountCard title="On This Account" testId="on-this-account">
      <DataList labelWidth={190}>
        {ACCOUNT_COUNTS.map((c) => (
          <Detail key={c.key} label={c.label} testId={c.key}>
            {c.to ? (
              <Anchor component={Link} to={c.to} fz="inherit">
                {account[c.key].toLocaleString()}
              </Anchor>
            ) : (
              account[c.key].toLocaleString()
            )}
          </Detail>
        ))}
      </DataList>
    </AccountCard>
  );
}
