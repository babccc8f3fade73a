/**
 * The request action codes and their texts (001 §8 'Error catalogue'), in a module of their own: the
 * console's API client names a refusal's code by its sentence on every screen, the sign-in page
 * included, and must not pull the request workflow's other texts into the first bundle.
 */
/** Request action codes (001 §8). AC056 and AC057 have no text in the spec: ours. */
export const REQUEST_ERROR_TEXTS = {
  AC010: 'does not exist or has already been processed',
  AC011: 'previously reviewed and denied by policy or non-compliance',
  AC013: 'only denied requests can be submitted for review',
  AC014: 'already submitted for review; can be submitted once only',
  AC016: 'internal error',
  AC017: 'internal error',
  AC018: 'internal error',
  AC019: 'media URL invalid or no longer available',
  AC020: 'already approved',
  AC021: 'already denied',
  AC055: 'content inappropriate or not a valid website; contact support',
  AC056: 'could not be blocked: the device, user or connection was not found',
  AC057: 'could not be blocked: this address cannot be blocked',
  AC058: 'website already blocked',
} as const;
export type RequestErrorCode = keyof typeof REQUEST_ERROR_TEXTS;
export const REQUEST_ERROR_CODES = Object.keys(REQUEST_ERROR_TEXTS) as RequestErrorCode[];

/** 'request(s) <text> [code]' (001 §8). */
export function requestErrorText(code: RequestErrorCode): string {
  return `request(s) ${REQUEST_ERROR_TEXTS[code]} [${code}]`;
}
