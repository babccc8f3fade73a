/**
 * POST /account/logo (000 §7.2): the cropped 500x100 PNG as base64 (no data-URL prefix; the server
 * accepts both, checks the bytes and re-encodes), or empty data, filename and sizes to remove the
 * logo. Sent through lib/upload so that the editor can show the upload's progress.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LogoRequest, SuccessResponse } from '@wayguard/contracts';
import { upload } from '../../../lib/upload';
import { assertSaved } from '../lib/save-error';
import { accountKey } from './account';

export const REMOVE_LOGO: LogoRequest = { data: '', filename: '', width: 0, height: 0 };

type Variables = { body: LogoRequest; onProgress?: (fraction: number) => void };

export async function postLogo({ body, onProgress }: Variables): Promise<void> {
  assertSaved(await upload<SuccessResponse>('/account/logo', body, { quiet: true, onProgress }));
}

export function useUploadLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postLogo,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKey }),
  });
}
