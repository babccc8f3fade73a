import { describe, expect, it } from 'vitest';
import { REQUEST_MSG, requestErrorText } from '@wayguard/contracts';
import { resultToasts } from '../lib/result-toasts';

describe("'Request was failed with error …' (001 §7, §8; MS-01, MS-02)", () => {
  it('a website-group approval whose single result is an error', () => {
    const t = resultToasts(
      'website',
      'pending_admin',
      'approve_and_add_to_website_group',
      [{ id: 41, action: 'error', error: 'AC055' }],
      false,
    );
    expect(t).toEqual({ success: [], failure: REQUEST_MSG.failedWithError(requestErrorText('AC055')) });
    expect(t.failure).toBe(
      'Request was failed with error request(s) content inappropriate or not a valid website; contact support [AC055]',
    );
  });

  it('any action on one row whose first item is an error', () => {
    for (const action of ['deny', 'approve_and_add_to_device_whitelist', 'block'] as const)
      expect(resultToasts('media', 'approved', action, [{ id: 7, action: 'error', error: 'AC010' }], false)).toEqual({
        success: [],
        failure: REQUEST_MSG.failedWithError(requestErrorText('AC010')),
      });
  });

  it('a batch keeps the counted "N unsuccessful:" toast', () => {
    const t = resultToasts(
      'website',
      'pending_admin',
      'approve_and_add_to_company_whitelist',
      [
        { id: 1, action: 'error', error: 'AC020' },
        { id: 2, action: 'added' },
      ],
      true,
    );
    expect(t.failure).toBe(`1 unsuccessful: ${requestErrorText('AC020')}`);
    expect(t.success).toContain('1 website request(s) approved');
  });
});
