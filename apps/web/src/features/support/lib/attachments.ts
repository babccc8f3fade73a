/**
 * The feedback form's attachment rules (002 §5), checked before anything is sent: unique names
 * ('{file} is already added'), at most FEEDBACK_MAX_FILES files of at most FEEDBACK_MAX_FILE_BYTES,
 * and an allowed extension. The server checks all of this again, and the file's bytes too.
 */
import {
  FEEDBACK_FILE_KINDS,
  FEEDBACK_MAX_FILE_BYTES,
  FEEDBACK_MAX_FILE_MB,
  FEEDBACK_MAX_FILES,
  MSG,
  feedbackFileNameAllowed,
} from '@wayguard/contracts';
import type { FeedbackFileKind } from '@wayguard/contracts';

const KIND_LABELS: Record<FeedbackFileKind, string> = {
  png: 'PNG',
  jpeg: 'JPEG',
  gif: 'GIF',
  webp: 'WebP',
  pdf: 'PDF',
  text: 'text',
};

/** The limits as the form states them. */
export const ATTACHMENT_HINT =
  `Optional. Up to ${FEEDBACK_MAX_FILES} files, ${FEEDBACK_MAX_FILE_MB} MB each: ` +
  `${Object.values(KIND_LABELS).slice(0, -1).join(', ')} or ${KIND_LABELS.text} files ` +
  `(${Object.values(FEEDBACK_FILE_KINDS)
    .flatMap((k) => k.extensions.map((e) => `.${e}`))
    .join(', ')}).`;

/** Adds the picked files that pass every rule; the others are reported, one message each. */
export function addAttachments(current: readonly File[], picked: readonly File[]): { files: File[]; errors: string[] } {
  const files = [...current];
  const errors = new Set<string>();
  for (const file of picked) {
    if (files.some((f) => f.name === file.name)) errors.add(MSG.duplicateFile(file.name));
    else if (files.length >= FEEDBACK_MAX_FILES) errors.add(MSG.tooManyFiles(FEEDBACK_MAX_FILES));
    else if (file.size === 0 || !feedbackFileNameAllowed(file.name)) errors.add(MSG.fileTypeNotAllowed(file.name));
    else if (file.size > FEEDBACK_MAX_FILE_BYTES) errors.add(MSG.fileTooLarge(file.name, FEEDBACK_MAX_FILE_MB));
    else files.push(file);
  }
  return { files, errors: [...errors] };
}

/** A file size as people read it: bytes, KB or MB. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
