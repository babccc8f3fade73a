/**
 * The 'Not blocked now' marker of a pending row nothing blocks (issue 26; docs/decisions/requests.md
 * "Requests for sites nothing blocks (issue 26)").
 */
import { describe, expect, it } from 'vitest';
import { allowedNowMarker, NOT_BLOCKED_NOW } from '../lib/columns';

const because = 'Allowed for this device by jane.smith';

describe('allowedNowMarker', () => {
  it('marks a pending row the server says is allowed now, with what allows it', () => {
    expect(allowedNowMarker({ state: 'pending', allowed_now: { allowed: true, because } })).toEqual({
      label: 'Not blocked now',
      because,
    });
    expect(NOT_BLOCKED_NOW).toBe('Not blocked now');
  });
  it('marks nothing on a row still blocked, nor on a decided row', () => {
    expect(allowedNowMarker({ state: 'pending', allowed_now: null })).toBeNull();
    expect(allowedNowMarker({ state: 'approved', allowed_now: { allowed: true, because } })).toBeNull();
  });
});
