/**
 * Post-login gating (000 §4.2): first the Terms of Use (when an agreement is pending), then Confirm
 * User Details (when has_confirmed_details is false). Each blocks the app until done. The modals are
 * loaded only when a gate applies; Confirm User Details borrows the user pages' password check.
 */
import { Suspense, lazy } from 'react';
import type { RegistrationInfo } from '@wayguard/contracts';

const TermsOfUseModal = lazy(() =>
  import('../../features/gating/components/TermsOfUseModal').then((m) => ({ default: m.TermsOfUseModal })),
);
const ConfirmDetailsModal = lazy(() =>
  import('../../features/gating/components/ConfirmDetailsModal').then((m) => ({ default: m.ConfirmDetailsModal })),
);
// The user details page's password check, lent to the gate (features do not import each other).
const VerifyPasswordDialog = lazy(() =>
  import('../../features/users/components/VerifyPasswordDialog').then((m) => ({
    default: m.VerifyPasswordDialog,
  })),
);

export type Gate = 'terms' | 'details' | null;

export function gateFor(info: RegistrationInfo): Gate {
  if (info.agreement) return 'terms';
  if (!info.has_confirmed_details) return 'details';
  return null;
}

export function SessionGate({ gate, info }: { gate: Gate; info: RegistrationInfo }) {
  return (
    <Suspense fallback={null}>
      {gate === 'terms' && info.agreement && (
        <TermsOfUseModal
          agreementId={info.agreement.id}
          title={info.agreement.title}
          content={info.agreements.terms_of_use.content}
        />
      )}
      {gate === 'details' && (
        <ConfirmDetailsModal
          timeZones={info.time_zones}
          countryCodes={info.country_codes}
          VerifyPasswordDialog={VerifyPasswordDialog}
        />
      )}
    </Suspense>
  );
}
