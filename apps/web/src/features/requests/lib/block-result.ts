/**
 * What a block answer says (001 §7 'result is either {success, error, message} or a map of results per
 * item', §8): the single answer is a success or a refusal with its text ('request(s) <text> [code]', else
 * 'Last action failed'); the batch map is a success when at least one item was blocked, with the items
 * refused as one 'N unsuccessful:' toast of their grouped texts. A map where every item failed is a
 * refusal, never a success toast.
 */
import {
  REQUEST_ERROR_TEXTS,
  REQUEST_MSG,
  requestErrorText,
  type BlockBatchResponse,
  type BlockResult,
  type RequestErrorCode,
} from '@wayguard/contracts';

export type BlockAnswer = BlockResult | BlockBatchResponse;

export type BlockToasts = { success: string | null; failure: string | null };

const isSingle = (a: BlockAnswer): a is BlockResult => typeof (a as BlockResult).success === 'boolean';

/** A refused item's text: its message, else its code's sentence, else 'Last action failed'. */
export function blockFailureText(r: BlockResult): string {
  if (r.message) return r.message;
  if (r.error && Object.hasOwn(REQUEST_ERROR_TEXTS, r.error)) return requestErrorText(r.error as RequestErrorCode);
  return REQUEST_MSG.lastActionFailed;
}

export function blockToasts(answer: BlockAnswer): BlockToasts {
  if (isSingle(answer))
    return answer.success
      ? { success: REQUEST_MSG.processed, failure: null }
      : { success: null, failure: blockFailureText(answer) };
  const results = Object.values(answer);
  const failed = results.filter((r) => !r.success);
  const texts = [...new Set(failed.map(blockFailureText))];
  return {
    success: failed.length < results.length ? REQUEST_MSG.processed : null,
    failure: failed.length > 0 ? [`${failed.length} unsuccessful:`, ...texts].join(' ') : null,
  };
}

/**
 * The answer as the one action path reads it: a batch where nothing was blocked becomes a refusal
 * carrying its failure text (the panel stays open); anything else is returned as it came.
 */
export function asBlockOutcome(answer: BlockAnswer): BlockAnswer | { success: false; message: string } {
  if (isSingle(answer)) return answer;
  const t = blockToasts(answer);
  return t.success === null ? { success: false, message: t.failure ?? REQUEST_MSG.lastActionFailed } : answer;
}
