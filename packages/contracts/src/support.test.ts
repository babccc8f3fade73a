import { describe, expect, it } from 'vitest';
import { FEEDBACK_FILE_ACCEPT, feedbackFileNameAllowed, feedbackForm } from './support.js';

const valid = {
  feedback_name: 'Alex',
  feedback_email: 'alex@school.example',
  feedback_summary: 'Logo',
  feedback_notes: 'Works well.',
};
const message = (v: unknown) => {
  const r = feedbackForm.safeParse(v);
  return r.success ? null : r.error.issues[0]?.message;
};

describe('feedback form (002 §5)', () => {
  it('accepts a valid form', () => expect(message(valid)).toBeNull());
  it.each([
    [{ feedback_name: '' }, 'Please enter a name'],
    [{ feedback_name: undefined }, 'Please enter a name'],
    [{ feedback_email: '' }, 'Please enter a valid email address'],
    [{ feedback_email: 'nope' }, 'The email address is invalid'],
    [{ feedback_email: `${'a'.repeat(21)}@school.example` }, 'The email address is invalid'],
    [{ feedback_summary: '' }, 'Please enter a subject'],
    [{ feedback_summary: 'ab' }, 'Please enter at least 3 characters'],
    [{ feedback_notes: '' }, 'Please enter a feedback'],
    [{ feedback_notes: ' ab ' }, 'Please enter at least 3 characters'],
  ])('%j gives %s', (change, text) => expect(message({ ...valid, ...change })).toBe(text));
  it('offers the allowed extensions to the file picker', () =>
    expect(FEEDBACK_FILE_ACCEPT).toBe('.png,.jpg,.jpeg,.gif,.webp,.pdf,.txt,.log,.csv'));
});

describe('attachment names (002 §5): the one rule of the form and the server', () => {
  it.each([
    ['notes.TXT', undefined, true],
    ['scan.final.pdf', undefined, true],
    ['photo.jpeg', 'jpeg', true],
    ['photo.jpg', 'png', false],
    ['archive.zip', undefined, false],
    ['README', undefined, false],
    ['trailing.', undefined, false],
  ] as const)('%s (kind %s) is allowed: %s', (name, kind, allowed) =>
    expect(feedbackFileNameAllowed(name, kind)).toBe(allowed),
  );
});
