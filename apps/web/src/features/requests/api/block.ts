/**
 * GET /requests/block (the block form's lookups: machines, mobiles, users, server users, server
 * connections) and POST /requests/block, or /requests/block/batch for several items (001 §7). The
 * single call answers {success, error, message}; the batch a result per item.
 */
import { useQuery } from '@tanstack/react-query';
import type { BlockLookupsResponse, BlockRequestBody } from '@wayguard/contracts';
import { api } from '../../../lib/api-client';
import type { ActionDef } from '../../../lib/use-action';
import { asBlockOutcome, type BlockAnswer } from '../lib/block-result';
import { requestsKeys } from './keys';

export function useBlockLookups(enabled: boolean) {
  return useQuery({
    queryKey: requestsKeys.blockLookups(),
    queryFn: ({ signal }) => api.get<BlockLookupsResponse>('/requests/block', undefined, { signal, quiet: true }),
    enabled,
    staleTime: 60_000,
  });
}

export function postBlock(body: BlockRequestBody): Promise<BlockAnswer> {
  const batch = (body.items?.length ?? 0) > 1;
  return api.post<BlockAnswer>(batch ? '/requests/block/batch' : '/requests/block', body, { quiet: true });
}

/** A batch where nothing was blocked reads as a refusal (lib/block-result.ts). */
export const blockAction: ActionDef<BlockRequestBody, ReturnType<typeof asBlockOutcome>> = {
  send: async (body) => asBlockOutcome(await postBlock(body)),
  refresh: () => [requestsKeys.lists()],
};
