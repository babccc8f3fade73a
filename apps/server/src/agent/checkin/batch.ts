/**
 * Check-ins written together (docs/decisions/devices.md "Check-ins written in batches"). Every device checks in
 * every few minutes, and a check-in's cost was PostgreSQL's per-statement work (parse, bind, commit,
 * the round trip), not its rows: at 10,000 devices the server waited on the database with half its
 * CPU idle. So check-ins that arrive while the previous batch is being written wait for it and are
 * then written together, in the one check-in statement (service.ts `writeCheckins`): per device, only
 * the highest sequence number of the batch can apply, and only if it is higher than the stored one. A device
 * is answered once its batch has committed, never before: an acknowledged check-in is written. When
 * no batch is being written a check-in goes at once, so a quiet server adds no wait. One batch at a
 * time: two batches updating the same devices in different orders could deadlock. Should a batch
 * fail, its check-ins are written one by one, so that one bad check-in fails alone. The queue is
 * bounded (issue 25): past CHECKIN_QUEUE_MAX waiting check-ins a new one is refused at once with
 * CheckinQueueFull (the route answers 503 'busy' with Retry-After), never queued, so a slow database
 * cannot grow the process's memory; the wait asked for is spread (jitter) so refused devices do not all
 * come back in the same second.
 */
import type { AgentCheckinRequest, AgentCheckinResponse } from '@wayguard/contracts';
import type { DbOrTx } from '../../db/client.js';
import type { AgentDevice } from '../../domain/devices/agent-device.js';
import { writeCheckins, type Checkin } from './service.js';

/** The most check-ins one statement writes. */
export const CHECKIN_BATCH_MAX = 200;
/** The most check-ins waiting (queued, not yet in a batch being written); 25 batches. */
export const CHECKIN_QUEUE_MAX = 5_000;
/** A refused check-in is asked to come back after a whole number of seconds in this range (jitter). */
export const CHECKIN_RETRY_AFTER_S = { min: 5, max: 30 } as const;

/** A check-in refused because the queue is full; `retryAfterSeconds` has jitter. */
export class CheckinQueueFull extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('check-in queue full');
  }
}

const retryAfter = (random: () => number) =>
  CHECKIN_RETRY_AFTER_S.min + Math.floor(random() * (CHECKIN_RETRY_AFTER_S.max - CHECKIN_RETRY_AFTER_S.min + 1));

type Waiting = Checkin & {
  resolve: (answer: AgentCheckinResponse) => void;
  reject: (error: unknown) => void;
};

export type CheckinBatcher = {
  /** Queues the check-in; rejects with CheckinQueueFull at once when the queue is full. */
  checkin(device: AgentDevice, body: AgentCheckinRequest, now?: Date): Promise<AgentCheckinResponse>;
  /** Check-ins waiting now (not counting the batch being written). */
  queued(): number;
};

export function createCheckinBatcher(
  db: DbOrTx,
  o: { maxQueued?: number | undefined; random?: () => number } = {},
): CheckinBatcher {
  const maxQueued = o.maxQueued ?? CHECKIN_QUEUE_MAX;
  const random = o.random ?? Math.random;
  let queue: Waiting[] = [];
  let writing = false;

  async function drain(): Promise<void> {
    writing = true;
    while (queue.length > 0) {
      const batch = queue.slice(0, CHECKIN_BATCH_MAX);
      queue = queue.slice(batch.length);
      try {
        const answers = await writeCheckins(db, batch);
        batch.forEach((w, i) => w.resolve(answers[i]!));
      } catch {
        // One by one, so that what failed the batch fails only its own check-in.
        await Promise.all(
          batch.map((w) =>
            writeCheckins(db, [w]).then(
              ([a]) => w.resolve(a!),
              (error: unknown) => w.reject(error),
            ),
          ),
        );
      }
    }
    writing = false;
  }

  return {
    checkin(device, body, now = new Date()) {
      if (queue.length >= maxQueued) return Promise.reject(new CheckinQueueFull(retryAfter(random)));
      return new Promise<AgentCheckinResponse>((resolve, reject) => {
        queue.push({ device, body, now, resolve, reject });
        if (!writing) void drain();
      });
    },
    queued: () => queue.length,
  };
}
