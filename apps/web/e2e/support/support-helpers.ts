/** Helpers for the support and legal specs: the two console users they sign in as, and test files. */
import type { Page } from '@playwright/test';
import { API } from '../api-helpers';
import { openAs, type Credentials } from '../sessions';
import { staff } from '../demo';

/** Filler console users of the demo data (console_user, activated, terms accepted, details confirmed). */
export const STAFF = {
  olivia: staff('olivia.jones35'),
  peter: staff('peter.fisher36'),
} as const;

export const SUPPORT_EMAIL = 'support@wayguard.local';

export type UploadFile = { name: string; mimeType: string; buffer: Buffer };

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

export function pngFile(name: string, size = 256): UploadFile {
  const buffer = Buffer.alloc(size);
  Buffer.from(PNG_SIGNATURE).copy(buffer);
  return { name, mimeType: 'image/png', buffer };
}

export function textFile(name: string, size = 64): UploadFile {
  const line = 'Feedback log line.\n';
  const text = line.repeat(Math.ceil(size / line.length)).slice(0, size);
  return { name, mimeType: 'text/plain', buffer: Buffer.from(text) };
}

/** A page's calls to POST /feedback/create, counted from now on. */
export function countFeedbackPosts(page: Page): () => number {
  let n = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith(`${API}/feedback/create`)) n++;
  });
  return () => n;
}

/** Opens the console (dashboard) signed in as `user`, with the saved state (sessions.ts). */
export async function signInToShell(page: Page, user: Credentials): Promise<void> {
  await openAs(page, user);
}
