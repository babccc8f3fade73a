/** A server user's status reads the same on its page as in the users list and the export (000 §3.5, §3.8). */
import { describe, expect, it } from 'vitest';
import { SERVER_USER_STATUS_LABELS } from '@wayguard/contracts';
import { USER_STATUS_LABELS } from '../lib/user-labels';
import { STATUS_LABELS } from '../lib/server-user-labels';

describe('server user status labels', () => {
  it('read as the users list reads them: Activated, and Deleted when deactivated', () => {
    expect(STATUS_LABELS).toEqual(SERVER_USER_STATUS_LABELS);
    expect(STATUS_LABELS.activated).toBe(USER_STATUS_LABELS.activated);
    expect(STATUS_LABELS).toEqual({ activated: 'Activated', deactivated: 'Deleted' });
  });
});
