import { z } from 'zod';
import { EMAIL_MAX, NOTE_MIN } from './constants.js';
import { MSG } from './messages.js';

/** GET /contact (002 §2.13). */
export const contactResponse = z.object({
  title: z.string(),
  text: z.string(),
  fields: z.array(z.object({ label: z.string(), value: z.string(), type: z.enum(['text', 'email', 'url', 'phone']) })),
});

/** Feedback form (002 §5); attachments travel as multipart feedback_file[]. */
export const feedbackForm = z.object({
  feedback_name: z.string({ error: MSG.nameRequired }).trim().min(1, MSG.nameRequired).max(64, MSG.nameRequired),
  feedback_email: z
    .string({ error: MSG.emailRequired })
    .trim()
    .min(1, MSG.emailRequired)
    .max(EMAIL_MAX, MSG.emailInvalid)
    .pipe(z.email(MSG.emailInvalid)),
  feedback_summary: z.string({ error: MSG.subjectRequired }).trim().min(1, MSG.subjectRequired).min(NOTE_MIN, MSG.atLeast3).max(200, MSG.subjectRequired),
  feedback_notes: z.string({ error: MSG.feedbackRequired }).trim().min(1, MSG.feedbackRequired).min(NOTE_MIN, MSG.atLeast3).max(5000, MSG.feedbackRequired),
});
export const FEEDBACK_MAX_FILES = 5;
export const FEEDBACK_MAX_FILE_BYTES = 5 * 1024 * 1024;
