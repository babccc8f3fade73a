/**
 * A replacement held for a Console Admin (issue 25, docs/decisions/devices.md "Device identity (issue 25)"): an
 * enrolment of a known device's identity that did not send the device's current secret. The caller gets a claim secret
 * that answers 401 'replacement_pending' until an administrator approves (it then becomes the device's secret) or
 * refuses it ('replacement_refused'). A newer hold supersedes an older pending one of the device (its claim is then
 * refused). The device's critical alert is raised (or its text updated), the timeline says so and an audit record is
 * written, in the enrolment's transaction.
 */
import { AGENT_CHECKIN_INTERVAL_S, type AgentEnrollResponse, type AgentEnrollment } from '@wayguard/contracts';
import type { DbOrTx } from '../../db/client.js';
import { broadcastDeviceChange } from '../../domain/devices/agent-devices.js';
import { audit } from '../../domain/access/audit.js';
import { sha256 } from '../../lib/crypto.js';
import { recordTimeline } from '../../domain/devices/device-timeline.js';
import { raiseReplacementAlert } from '../../domain/devices/replacement-alert.js';
import { insertReplacement, supersedePendingReplacements, type EnrolmentToken } from './repository.js';

export type Hold = {
  token: EnrolmentToken;
  deviceId: number;
  b: AgentEnrollment;
  ip: string;
  /** The claim secret returned to the caller (only its hash is kept). */
  claim: string;
  now: Date;
};

export async function holdReplacement(tx: DbOrTx, h: Hold): Promise<AgentEnrollResponse> {
  const { token, deviceId, b, now } = h;
  const accountId = token.accountId;
  const superseded = await supersedePendingReplacements(tx, accountId, deviceId, now);
  const heldId = await insertReplacement(tx, {
    accountId,
    deviceId,
    claimHash: sha256(h.claim),
    enrolmentTokenId: token.id,
    tokenLabel: token.label,
    serial: b.serial,
    instanceId: b.instance_id,
    hardwareUuid: b.hardware_uuid,
    modelName: b.model,
    os: b.os,
    osVersion: b.os_version,
    agentVersion: b.agent_version,
    address: h.ip,
    requestedAt: now,
  });
  const what = `serial ${b.serial}, instance ${b.instance_id}, from ${h.ip || 'an unknown address'}`;
  await raiseReplacementAlert(tx, {
    accountId,
    deviceId,
    description: `A device (${what}) enrolled with the token "${token.label}" without this device's secret. Approve or refuse it on the device's page.`,
    now,
  });
  await recordTimeline(tx, {
    accountId,
    deviceId,
    kind: 'replacement_requested',
    text: `A device (${what}) asked to replace this one with the token "${token.label}": waiting for an administrator`,
    at: now,
  });
  await audit(tx, {
    action: 'device.replacement_requested',
    accountId,
    targetType: 'device',
    targetId: deviceId,
    ip: h.ip,
    details: {
      replacement_id: heldId,
      enrolment_token_id: token.id,
      instance_id: b.instance_id,
      serial: b.serial,
      superseded: superseded.length,
    },
  });
  // A superseded claim is refused from now on, in every process (its 'pending' refusal may be kept).
  if (superseded.length > 0) await broadcastDeviceChange(tx, deviceId, ...superseded);
  return {
    server_time: Math.floor(now.getTime() / 1000),
    device_id: deviceId,
    device_secret: h.claim,
    checkin_interval_s: AGENT_CHECKIN_INTERVAL_S,
    status: 'replacement_pending',
  };
}
