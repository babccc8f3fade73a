/**
 * Account Details (000 §2.6): five address lines and the telephone, shown as a list and edited in
 * place. Edit mode mounts a fresh form from the account, so Cancel (leaving edit mode) resets it.
 */
import { DataList } from '@mantine/core';
import type { AccountResponse, RegistrationInfo } from '@wayguard/contracts';
import { addressLines } from '../lib/account-details-form';
import { AccountCard } from './AccountCard';
import { AccountDetailsForm } from './AccountDetailsForm';
import { Detail } from './Detail';
import { EditButton } from './EditButton';
import { useEditMode } from '../hooks/use-edit-mode';

type Props = { account: AccountResponse; countryCodes: RegistrationInfo['country_codes']; canEdit: boolean };

/** '+44 0161 496012', or null when there is no telephone. */
export function telephoneText(
  telephone: AccountResponse['telephone'],
  countryCodes: RegistrationInfo['country_codes'],
): string | null {
  if (!telephone || (!telephone.number && !telephone.area_code)) return null;
  const country = countryCodes.find((c) => c.id === telephone.country_code_id);
  return [country ? `+${country.digits}` : '', telephone.area_code, telephone.number].filter(Boolean).join(' ');
}

export function AccountDetailsCard({ account, countryCodes, canEdit }: Props) {
  const { editing, start, stop, editButtonRef } = useEditMode();
  const lines = addressLines(account.address);
  const phone = telephoneText(account.telephone, countryCodes);
  const country = countryCodes.find((c) => c.id === account.telephone?.country_code_id);

  return (
    <AccountCard
      title="Account Details"
      testId="account-details"
      action={canEdit && !editing ? <EditButton ref={editButtonRef} what="account details" onClick={start} /> : null}
    >
      {editing ? (
        <AccountDetailsForm account={account} countryCodes={countryCodes} onDone={stop} />
      ) : (
        <DataList labelWidth={150}>
          {lines.map((line, i) => (
            <Detail key={i} label={line.label} testId={`address-${i + 1}`}>
              {line.value}
            </Detail>
          ))}
          <Detail label="Telephone" testId="telephone">
            {phone && country ? `${phone} (${country.country_name})` : phone}
          </Detail>
        </DataList>
      )}
    </AccountCard>
  );
}
