/**
 * What both kinds of ask (a website or media item: service.ts; an app: apps.ts) end with: the answer to
 * the device at the server's time, and the line on the device's timeline when the ask was taken.
 */
import type { AgentRequest, AgentRequestResponse } from '@wayguard/contracts';
import type { Db, DbOrTx } from '../../db/client.js';
import { recordTimeline } from '../../domain/devices/device-timeline.js';
import type { AgentDevice } from '../../domain/devices/agent-device.js';

/** What takes a device's ask (POST /requests): a website or media item's, or an app's. */
export type AskReceiver = (db: Db, device: AgentDevice, b: AgentRequest, now?: Date) => Promise<AgentRequestResponse>;

/** The answer to a device's ask: its status and the thread it concerns (when there is one). */
export const answerAt =
  (now: Date) =>
  (status: AgentRequestResponse['status'], requestId: number | null = null): AgentRequestResponse => ({
    server_time: Math.floor(now.getTime() / 1000),
    status,
    request_id: requestId,
  });

/** The device's timeline line of an ask taken: `what`, and who asked when known. */
export function recordAskSent(
  tx: DbOrTx,
  device: AgentDevice,
  what: string,
  requesterName: string,
  now: Date,
): Promise<void> {
  return recordTimeline(tx, {
    accountId: device.accountId,
    deviceId: device.id,
    kind: 'request_sent',
    text: requesterName ? `${what} (by ${requesterName})` : what,
    at: now,
  });
}
