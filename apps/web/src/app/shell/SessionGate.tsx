/**
 * Post-login gating (000 §4.2): first the Terms of Use (when an agreement is pending), then Confirm
 * User Details (when has_confirmed_details is false). Each blocks the app until done.
 */
import type { RegistrationInfo } from '@wayguard/contracts';
import { ConfirmDetailsModal } from '../../features/gating/components/ConfirmDetailsModal';
import { TermsOfUseModal } from '../../features/gating/components/TermsOfUseModal';

export type Gate = 'terms' | 'details' | null;

export function gateFor(info: RegistrationInfo): Gate {
  if (info.agreement) return 'terms';
  if (!info.has_confirmed_details) return 'details';
  return null;
}

export function SessionGate({ gate, info }: { gate: Gate; info: RegistrationInfo }) {
  if (gate === 'terms' && info.agreement) {
    return (
      <TermsOfUseModal
        agreementId={info.agreement.id}
        title={info.agreement.title}
        content={info.agreements.terms_of_use.content}
      />
    );
  }
  if (gate === 'details') {
    return <ConfirmDetailsModal timeZones={info.time_zones} countryCodes={info.country_codes} />;
  }
  return null;
}
