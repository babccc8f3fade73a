// Types of run.mjs, for the TypeScript tests that run a simulated fleet.
import type { SimDevice } from './device.mjs';
export const DEMO_INTERVAL_S: number;
export function runFleet(
  fleet: SimDevice[],
  o: {
    log: (line: string) => void;
    interval?: number | null;
    once?: boolean;
    durationS?: number;
    sleep?: (ms: number) => Promise<void>;
    random?: () => number;
    stopping?: () => boolean;
  },
): Promise<number>;
