/** Contact Us and Feedback: GET /contact, POST /feedback/create (002 §2.13-2.14, §3, §5, §7). */
import { z } from 'zod';
import { EMAIL_MAX, NOTE_MIN } from './constants.js';
import { MSG } from './messages.js';

/** GET /contact (002 §2.13): a title, a short text and fields rendered by type (email: mail link, url: link). */
export const contactResponse = z.object({
  title: z.string(),
  text: z.string(),
  fields: z.array(z.object({ label: z.string(), value: z.string(), type: z.enum(['text', 'email', 'url', 'phone']) })),
});
export type ContactResponse = z.infer<typeof contactResponse>;

/** Length caps of the feedback fields (ours: the spec limits only the e-mail). */
export const FEEDBACK_NAME_MAX = 64;
export const FEEDBACK_SUBJECT_MAX = 200;
export const FEEDBACK_NOTES_MAX = 5000;

/** Feedback form (002 §5); attachments travel as multipart feedback_file[]. */
export const feedbackForm = z.object({
  feedback_name: z
    .string({ error: MSG.nameRequired })
    .trim()
    .min(1, MSG.nameRequired)
    .max(FEEDBACK_NAME_MAX, MSG.nameRequired),
  feedback_email: z
    .string({ error: MSG.emailRequired })
    .trim()
    .min(1, MSG.emailRequired)
    .max(EMAIL_MAX, MSG.emailInvalid)
    .pipe(z.email(MSG.emailInvalid)),
  feedback_summary: z
    .string({ error: MSG.subjectRequired })
    .trim()
    .min(1, MSG.subjectRequired)
    .min(NOTE_MIN, MSG.atLeast3)
    .max(FEEDBACK_SUBJECT_MAX, MSG.subjectRequired),
  feedback_notes: z
    .string({ error: MSG.feedbackRequired })
    .trim()
    .min(1, MSG.feedbackRequired)
    .min(NOTE_MIN, MSG.atLeast3)
    .max(FEEDBACK_NOTES_MAX, MSG.feedbackRequired),
});
export type FeedbackForm = z.infer<typeof feedbackForm>;

/** POST /feedback/create answer. */
export const feedbackResponse = z.object({ success: z.boolean(), message: z.string() });
export type FeedbackResponse = z.infer<typeof feedbackResponse>;

export const FEEDBACK_FILE_FIELD = 'feedback_file[]';
export const FEEDBACK_MAX_FILES = 5;
export const FEEDBACK_MAX_FILE_BYTES = 5 * 1024 * 1024;
/**
 * Attachment kinds. The server recognises each by its bytes and requires the name's extension to
 * belong to the recognised kind; `accept` is for the file picker.
 */
export const FEEDBACK_FILE_KINDS = {
  png: { mime: 'image/png', extensions: ['png'] },
  jpeg: { mime: 'image/jpeg', extensions: ['jpg', 'jpeg'] },
  gif: { mime: 'image/gif', extensions: ['gif'] },
  webp: { mime: 'image/webp', extensions: ['webp'] },
  pdf: { mime: 'application/pdf', extensions: ['pdf'] },
  text: { mime: 'text/plain', extensions: ['txt', 'log', 'csv'] },
} as const;
export type FeedbackFileKind = keyof typeof FEEDBACK_FILE_KINDS;
/** The size limit in MB, as the messages state it. */
export const FEEDBACK_MAX_FILE_MB = FEEDBACK_MAX_FILE_BYTES / (1024 * 1024);

/**
 * Whether a file's name has an extension of an attachment kind (the one given, else any), compared
 * without case: the form checks the name before sending, the server the name against the kind of the
 * bytes.
 */
export function feedbackFileNameAllowed(filename: string, kind?: FeedbackFileKind): boolean {
  const dot = filename.lastIndexOf('.');
  const extension = dot < 0 ? '' : filename.slice(dot + 1).toLowerCase();
  const kinds = kind === undefined ? Object.values(FEEDBACK_FILE_KINDS) : [FEEDBACK_FILE_KINDS[kind]];
  return kinds.some((k) => (k.extensions as readonly string[]).includes(extension));
}
export const FEEDBACK_FILE_ACCEPT = Object.values(FEEDBACK_FILE_KINDS)
  .flatMap((k) => k.extensions.map((e) => `.${e}`))
  .join(',');
