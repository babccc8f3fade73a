/** Account Information (000 §2.6): read-only facts of the account. */
import { DataList } from '@mantine/core';
import type { AccountResponse } from '@wayguard/contracts';
import { formatDate } from '../../../lib/dates';
import { AccountCard } from './AccountCard';
import { Detail } from './Detail';

export function AccountInformationCard({ account }: { account: AccountResponse }) {
  return (
    <AccountCard title="Account Information" testId="account-information">
      <DataList labelWidth={170}>
        <Detail label="Account name" testId="account_name">
          {account.account_name}
        </Detail>
        <Detail label="Account number" testId="account_number">
          {account.account_number}
        </Detail>
        <Detail label="S3 account number" testId="s3_account_number">
          {account.s3_account_number}
        </Detail>
        <Detail label="Console registration" testId="console_registered">
          {account.console_registered > 0 ? formatDate(account.console_registered) : null}
        </Detail>
        <Detail label="Country" testId="country_name">
          {account.country_name}
        </Detail>
        <Detail label="Support provided by" testId="support_provided_by">
          {account.support_provided_by}
        </Detail>
      </DataList>
    </AccountCard>
  );
}
