/** POST /agreement: accept or decline the pending Terms of Use (000 §3.2, §4.2). */
import type { AgreementRequest, SuccessResponse } from '@wayguard/contracts';
import { registrationInfoKey } from '../../../api/registration-info';
import { api } from '../../../lib/api-client';
import type { ActionDef } from '../../../lib/use-action';

export function postAgreement(body: AgreementRequest): Promise<SuccessResponse> {
  return api.post<SuccessResponse>('/agreement', body, { quiet: true });
}

/** Once accepted, the registration info no longer names a pending agreement and the gate opens. */
export const agreementAction: ActionDef<AgreementRequest, SuccessResponse> = {
  send: postAgreement,
  refresh: (body, outcome) => (outcome.ok && body.result === 'accept' ? [registrationInfoKey] : []),
};
