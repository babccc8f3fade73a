/** Turns an answer of `success: false` into an error, so every failure takes the same path. */
import { MSG, type SuccessResponse } from '@wayguard/contracts';
import { ApiError } from '../../../lib/api-client';

export function requireSuccess(res: SuccessResponse): SuccessResponse {
  if (!res.success) throw new ApiError(200, res.error || MSG.somethingWrong, res);
  return res;
}
