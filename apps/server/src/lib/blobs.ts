/** Stored files (logos, feedback attachments, screen captures) on disk under BLOB_DIR, by random key. */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomToken } from './crypto.js';

export class BlobStore {
  constructor(private readonly dir: string) {}

  private pathOf(key: string): string {
    if (!/^[A-Za-z0-9_-]+(\.[a-z0-9]+)?$/.test(key)) throw new Error('invalid blob key');
    return path.join(this.dir, key.slice(0, 2), key);
  }

  async put(data: Buffer, extension: string): Promise<string> {
    const key = `${randomToken(24)}.${extension}`;
    const file = this.pathOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, data, { flag: 'wx' });
    return key;
  }

  get(key: string): Promise<Buffer> {
    return readFile(this.pathOf(key));
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}
