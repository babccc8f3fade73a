import { describe, expect, it } from 'vitest';
import { FEEDBACK_MAX_FILE_BYTES, FEEDBACK_MAX_FILES } from '@wayguard/contracts';
import { ATTACHMENT_HINT, addAttachments, formatSize } from '../lib/attachments';

const file = (name: string, size = 10) => new File([new Uint8Array(size)], name);

describe('feedback attachments (002 §5)', () => {
  it('adds allowed files', () => {
    const r = addAttachments([], [file('a.png'), file('notes.txt')]);
    expect(r.files.map((f) => f.name)).toEqual(['a.png', 'notes.txt']);
    expect(r.errors).toEqual([]);
  });

  it('refuses a name that is already added, also within one pick', () => {
    const first = addAttachments([], [file('a.png')]);
    expect(addAttachments(first.files, [file('a.png')]).errors).toEqual(['a.png is already added']);
    expect(addAttachments([], [file('b.pdf'), file('b.pdf')])).toMatchObject({ errors: ['b.pdf is already added'] });
  });

  it(`keeps at most ${FEEDBACK_MAX_FILES} files`, () => {
    const picked = Array.from({ length: FEEDBACK_MAX_FILES + 2 }, (_, i) => file(`f${i}.txt`));
    const r = addAttachments([], picked);
    expect(r.files).toHaveLength(FEEDBACK_MAX_FILES);
    expect(r.errors).toEqual([`You can attach up to ${FEEDBACK_MAX_FILES} files`]);
  });

  it('refuses a file over the size limit, accepts one of exactly the limit', () => {
    expect(addAttachments([], [file('big.pdf', FEEDBACK_MAX_FILE_BYTES + 1)]).errors).toEqual([
      'big.pdf is too large. The maximum size is 5 MB',
    ]);
    expect(addAttachments([], [file('max.pdf', FEEDBACK_MAX_FILE_BYTES)]).files).toHaveLength(1);
  });

  it('refuses other extensions and empty files', () => {
    expect(addAttachments([], [file('page.html'), file('empty.txt', 0), file('noext')]).errors).toHaveLength(3);
    expect(addAttachments([], [file('PHOTO.JPG')]).files).toHaveLength(1);
  });

  it('states the limits', () => {
    expect(ATTACHMENT_HINT).toBe(
      'Optional. Up to 5 files, 5 MB each: PNG, JPEG, GIF, WebP, PDF or text files (.png, .jpg, .jpeg, .gif, .webp, .pdf, .txt, .log, .csv).',
    );
    expect(formatSize(2048)).toBe('2 KB');
    expect(formatSize(3 * 1024 * 1024)).toBe('3.0 MB');
  });
});
