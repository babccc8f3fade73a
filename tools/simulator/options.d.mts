// Types of options.mjs.
import type { Identity } from './device.mjs';
export function simOptions(
  args: string[],
  env?: Record<string, string | undefined>,
):
  | { error: string }
  | {
      error?: undefined;
      url: string;
      token: string;
      interval: number | null;
      once: boolean;
      identities: Identity[];
      state: string;
    };
