import { describe, expect, it } from 'vitest';
import { userActionRequest, userNoteForm, USER_NOTE_MAX } from './users.js';

describe('the Deactivate / Reactivate note (000 §4.4)', () => {
  it('needs 3 characters or more, spaces aside', () => {
    expect(userNoteForm.safeParse({ notes: 'ab' }).success).toBe(false);
    expect(userNoteForm.safeParse({ notes: '  ab  ' }).success).toBe(false);
    expect(userNoteForm.parse({ notes: ' abc ' })).toEqual({ notes: 'abc' });
    expect(userNoteForm.safeParse({ notes: 'x'.repeat(USER_NOTE_MAX + 1) }).success).toBe(false);
  });

  it('is what POST /users asks of deactivate and reactivate', () => {
    expect(userActionRequest.safeParse({ id: 1, action: 'deactivate', notes: 'ab' }).success).toBe(false);
    expect(userActionRequest.safeParse({ id: 1, action: 'reactivate', notes: 'abc' }).success).toBe(true);
    expect(userActionRequest.safeParse({ id: 1, action: 'reset_password' }).success).toBe(true);
  });
});
