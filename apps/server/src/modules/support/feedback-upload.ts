/**
 * Reads the multipart body of POST /feedback/create: text fields, and feedback_file[] parts checked
 * one at a time (count, size, duplicate name, type by bytes and extension) and written to the blob
 * store as they arrive, so that at most one file is held in memory. If anything fails, every blob
 * written so far is removed before the error propagates.
 */
import type { FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import {
  FEEDBACK_FILE_FIELD,
  FEEDBACK_FILE_KINDS,
  FEEDBACK_MAX_FILE_BYTES,
  FEEDBACK_MAX_FILE_MB,
  FEEDBACK_MAX_FILES,
  MSG,
  feedbackFileNameAllowed,
  type FeedbackFileKind,
} from '@wayguard/contracts';
import type { BlobStore } from '../../lib/blobs.js';
import { HttpError, badRequest } from '../../lib/http-errors.js';
import { sniffFileType } from '../../lib/file-type.js';

export type StoredAttachment = { filename: string; contentType: string; size: number; blobKey: string };
export type FeedbackUpload = { fields: Record<string, string>; files: StoredAttachment[] };

const FILE_FIELDS = new Set([FEEDBACK_FILE_FIELD, 'feedback_file']);

/** The browser's name for the file, without path or control characters. */
function cleanName(name: string): string {
  const base = name
    .split(/[\\/]/)
    .pop()!
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .trim();
  return base.slice(0, 255) || 'file';
}

function kindOf(bytes: Buffer, filename: string): FeedbackFileKind | null {
  const sniffed = sniffFileType(bytes);
  if (!sniffed || !(sniffed in FEEDBACK_FILE_KINDS)) return null;
  const kind = sniffed as FeedbackFileKind;
  return feedbackFileNameAllowed(filename, kind) ? kind : null;
}

/**
 * Errors raised while reading the body are the client's: limits get the form's texts, anything else
 * (a malformed body) the generic 400. Storage errors are not passed through here.
 */
function parseError(err: unknown): HttpError {
  const e = err as { code?: string; part?: { filename?: string } } | null;
  if (e?.code === 'FST_FILES_LIMIT') return badRequest(MSG.tooManyFiles(FEEDBACK_MAX_FILES));
  if (e?.code === 'FST_REQ_FILE_TOO_LARGE')
    return badRequest(MSG.fileTooLarge(cleanName(e.part?.filename ?? 'file'), FEEDBACK_MAX_FILE_MB));
  return badRequest(MSG.lastActionFailed);
}

async function parsing<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (err) {
    throw parseError(err);
  }
}

async function storeFile(part: MultipartFile, blobs: BlobStore, seen: Set<string>): Promise<StoredAttachment | null> {
  const bytes = await parsing(() => part.toBuffer());
  const filename = cleanName(part.filename ?? '');
  // An empty file input is sent as a nameless, empty part.
  if ((part.filename ?? '') === '' && bytes.length === 0) return null;
  if (seen.has(filename)) throw badRequest(MSG.duplicateFile(filename));
  seen.add(filename);
  const kind = kindOf(bytes, filename);
  if (!kind) throw badRequest(MSG.fileTypeNotAllowed(filename));
  const mime = FEEDBACK_FILE_KINDS[kind].mime;
  const blobKey = await blobs.put(bytes, FEEDBACK_FILE_KINDS[kind].extensions[0]);
  return { filename, contentType: mime, size: bytes.length, blobKey };
}

export async function receiveFeedbackUpload(request: FastifyRequest, blobs: BlobStore): Promise<FeedbackUpload> {
  if (!request.isMultipart()) throw new HttpError(415, 'Unsupported media type');
  const fields: Record<string, string> = {};
  const files: StoredAttachment[] = [];
  const seen = new Set<string>();
  const parts = request.parts({ limits: { files: FEEDBACK_MAX_FILES, fileSize: FEEDBACK_MAX_FILE_BYTES } });
  try {
    for (;;) {
      const next = await parsing(() => parts.next());
      if (next.done) break;
      const part = next.value;
      if (part.type === 'field') {
        // Browsers send a textarea's line breaks as CRLF in multipart bodies (HTML form encoding):
        // store them as the user typed them, so lengths and the mail's lines match the form.
        if (typeof part.value === 'string') fields[part.fieldname] = part.value.replace(/\r\n?/g, '\n');
        continue;
      }
      if (!FILE_FIELDS.has(part.fieldname)) throw badRequest(MSG.lastActionFailed);
      const stored = await storeFile(part, blobs, seen);
      if (stored) files.push(stored);
    }
    return { fields, files };
  } catch (err) {
    discardRest(request);
    await removeBlobs(blobs, files);
    throw err;
  }
}

/**
 * After an early refusal the parser stops reading mid-body and the connection would hang with the
 * rest of the upload unread: detach the parser and let the remaining bytes drain, so the client
 * receives the answer and the connection can be reused.
 */
function discardRest(request: FastifyRequest): void {
  if (request.raw.complete) return;
  request.raw.unpipe();
  request.raw.resume();
}

export async function removeBlobs(blobs: BlobStore, files: readonly StoredAttachment[]): Promise<void> {
  await Promise.all(files.map((f) => blobs.remove(f.blobKey).catch(() => undefined)));
}
