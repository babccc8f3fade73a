import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@wayguard/contracts';

const shown: string[] = [];
vi.mock('../toast', () => ({
  toast: { error: (m: string) => shown.push(m), success: (m: string) => shown.push(m) },
}));

const { ApiError } = await import('../api-client');
const { showActionError } = await import('../action-error');

describe('a failed action (000 §8)', () => {
  beforeEach(() => {
    shown.length = 0;
  });

  it("reads 'Last action failed. Please try again' for a 404, not its bare 'Not found'", () => {
    showActionError(new ApiError(404, MSG.notFound, { success: false, error: 'Not found' }));
    expect(shown).toEqual([MSG.lastActionFailed]);
  });

  it("shows a 4xx's server text, else 'Last action failed…'; a 5xx 'Something went wrong…'", () => {
    showActionError(new ApiError(400, 'x', { success: false, error: 'This username is already taken' }));
    showActionError(new ApiError(400, 'x', ''));
    showActionError(new ApiError(500, 'x', { success: false, error: 'internal detail' }));
    showActionError(new ApiError(503, 'x', ''));
    expect(shown).toEqual([
      'This username is already taken',
      MSG.lastActionFailed,
      MSG.somethingWrong,
      MSG.somethingWrong,
    ]);
  });

  it('shows nothing for 401 and 403 (the client reloads or goes home); the browser text for a network error', () => {
    showActionError(new ApiError(401, 'x', ''));
    showActionError(new ApiError(403, 'x', { success: false, error: 'Only a Console Admin can do this' }));
    showActionError(new ApiError(0, 'Failed to fetch', ''));
    showActionError(new Error('boom'));
    expect(shown).toEqual(['Failed to fetch', MSG.lastActionFailed]);
  });
});
