/**
 * GET /api/agent/v1/commands and POST /api/agent/v1/commands/{id}/result (docs/design/agent-api.md
 * 'Commands'). Reading delivers: pending commands become delivered, and a delivered one the device
 * has not acknowledged within two check-in intervals is delivered again; reading never marks one
 * done. Each command stands alone: one that cannot be given (its sealed password does not open) is
 * failed by itself and the others are delivered. Results move a command forward only (pending <
 * delivered < acknowledged < completed | failed); a repeat, or a result for an ended command
 * (expired, cancelled, already finished), changes nothing and answers the state as it is.
 */
import {
  AGENT_COMMAND_MSG,
  DEVICE_COMMAND_LABELS,
  DEVICE_COMMAND_STATE_LABELS,
  type AgentCommand,
  type AgentCommandResultRequest,
  type AgentCommandsResponse,
  type DeviceCommandState,
  type DeviceCommandType,
} from '@wayguard/contracts';
import type { DbOrTx } from '../../db/client.js';
import { retriedTransaction } from '../../lib/db-retry.js';
import { expireDueCommands } from '../../domain/devices/device-commands.js';
import { recordTimeline } from '../../domain/devices/device-timeline.js';
import { HttpError } from '../../lib/http-errors.js';
import { openText } from '../../lib/secret-box.js';
import type { AgentDevice } from '../../domain/devices/agent-device.js';
import { deliverDue, failUndeliverable, recordResult, stateOf, type Delivered } from './repository.js';

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
export const commandNotFound = () => new HttpError(404, AGENT_COMMAND_MSG.notFound);

/** "Lock screen delivered", "Device password done". */
const lineOf = (type: DeviceCommandType, state: DeviceCommandState) =>
  `${DEVICE_COMMAND_LABELS[type]} ${DEVICE_COMMAND_STATE_LABELS[state].toLowerCase()}`;

export const UNDELIVERABLE = 'The command could not be prepared for the device';

/** What the device receives of a command: a set_password command's password, opened; an app command's package. */
function payloadFor(c: Delivered, secretKey: string): AgentCommand['payload'] {
  if (c.type === 'install_app' || c.type === 'uninstall_app') return c.payload;
  if (c.type !== 'set_password') return {};
  const sealed = c.payload.password_sealed;
  if (typeof sealed !== 'string') throw new Error('no sealed password');
  return { password: openText(secretKey, sealed) };
}

export async function deliverCommands(
  db: DbOrTx,
  secretKey: string,
  device: AgentDevice,
  now = new Date(),
): Promise<AgentCommandsResponse> {
  return retriedTransaction(db, async (tx) => {
    await expireDueCommands(tx, device.accountId, device.id, now);
    const due = await deliverDue(tx, device, now);
    const commands: AgentCommand[] = [];
    for (const c of due) {
      let payload: AgentCommand['payload'];
      try {
        payload = payloadFor(c, secretKey);
      } catch {
        await failUndeliverable(tx, device, c.id, UNDELIVERABLE, now);
        await recordTimeline(tx, {
          accountId: device.accountId,
          deviceId: device.id,
          kind: 'command_failed',
          text: `${lineOf(c.type, 'failed')}: ${UNDELIVERABLE}`,
          at: now,
        });
        continue;
      }
      commands.push({ id: c.id, type: c.type, payload, expires_at: seconds(c.expires_at) });
    }
    await recordTimeline(
      tx,
      ...due
        .filter((c) => c.delivery_count === 1 && commands.some((x) => x.id === c.id))
        .map((c) => ({
          accountId: device.accountId,
          deviceId: device.id,
          kind: 'command_delivered' as const,
          text: lineOf(c.type, 'delivered'),
          at: now,
        })),
    );
    return { server_time: seconds(now), commands };
  });
}

export async function commandResult(
  db: DbOrTx,
  device: AgentDevice,
  id: number,
  b: AgentCommandResultRequest,
  now = new Date(),
): Promise<{ server_time: number; state: DeviceCommandState; applied: boolean }> {
  return retriedTransaction(db, async (tx) => {
    // A command's life ends at its expiry: a result arriving later finds it expired.
    await expireDueCommands(tx, device.accountId, device.id, now);
    const changed = await recordResult(tx, device, id, { state: b.state, error: b.error ?? '' }, now);
    if (!changed) {
      const state = await stateOf(tx, device, id);
      if (!state) throw commandNotFound();
      return { server_time: seconds(now), state, applied: false };
    }
    if (changed.state === 'completed' || changed.state === 'failed') {
      const error = changed.state === 'failed' && b.error ? `: ${b.error}` : '';
      await recordTimeline(tx, {
        accountId: device.accountId,
        deviceId: device.id,
        kind: changed.state === 'completed' ? 'command_completed' : 'command_failed',
        text: `${lineOf(changed.type, changed.state)}${error}`,
        at: now,
      });
    }
    return { server_time: seconds(now), state: changed.state, applied: true };
  });
}
