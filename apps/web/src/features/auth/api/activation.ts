/** POST /activation (000 §7.1): sets the first password and activates the account. */
import type { ActivationRequest, SuccessResponse } from '@wayguard/contracts';
import { api } from '../../../lib/api-client';
import type { ActionDef } from '../../../lib/use-action';

export function postActivation(body: ActivationRequest): Promise<SuccessResponse> {
  return api.post<SuccessResponse>('/activation', body, { quiet: true, noRedirect: true });
}

export const activationAction: ActionDef<ActivationRequest, SuccessResponse> = { send: postActivation };
