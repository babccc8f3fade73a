/** POST /agreement: accept or decline the pending Terms of Use (000 §3.2, §4.2). */
import { useMutation } from '@tanstack/react-query';
import type { AgreementRequest, SuccessResponse } from '@wayguard/contracts';
import { api } from '../../../lib/api-client';

export function postAgreement(body: AgreementRequest, quiet = false): Promise<SuccessResponse> {
  return api.post<SuccessResponse>('/agreement', body, { quiet });
}

export function useAgreementAnswer() {
  return useMutation({
    mutationFn: ({ body, quiet }: { body: AgreementRequest; quiet?: boolean }) => postAgreement(body, quiet),
  });
}
