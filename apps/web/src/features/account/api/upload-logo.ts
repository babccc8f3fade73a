/**
 * POST /account/logo (000 §7.2): the cropped 500x100 PNG as base64 (no data-URL prefix; the server
 * accepts both, checks the bytes and re-encodes), or empty data, filename and sizes to remove the
 * logo. Sent through lib/upload so that the editor can show the upload's progress.
 */
import type { LogoRequest, SuccessResponse } from '@wayguard/contracts';
import { accountKey } from '../../../api/account';
import type { ActionDef } from '../../../lib/use-action';
import { upload } from '../../../lib/upload';

export const REMOVE_LOGO: LogoRequest = { data: '', filename: '', width: 0, height: 0 };

/** `body` may be built when sending (cropping can fail; the failure is then the action's). */
export type LogoVariables = { body: LogoRequest | (() => LogoRequest); onProgress?: (fraction: number) => void };

export function postLogo({ body, onProgress }: LogoVariables): Promise<SuccessResponse> {
  const request = typeof body === 'function' ? body() : body;
  return upload<SuccessResponse>('/account/logo', request, { quiet: true, onProgress });
}

export const uploadLogoAction: ActionDef<LogoVariables, SuccessResponse> = {
  send: postLogo,
  refresh: (_, outcome) => (outcome.ok ? [accountKey] : []),
};
