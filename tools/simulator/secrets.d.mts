// Types of secrets.mjs.
export type Kept = { deviceId: number; secret: string };
export class MemorySecrets {
  get(instanceId: string): Kept | undefined;
  set(instanceId: string, kept: Kept): void;
}
export class FileSecrets extends MemorySecrets {
  constructor(path: string);
  readonly path: string;
}
