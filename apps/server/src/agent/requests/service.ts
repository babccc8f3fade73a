/**
 * POST /api/agent/v1/requests (docs/design/agent-api.md; issue 11): a monitored user asks for a website or
 * a media item. In order: a copy of an earlier ask (same device, same request_id) answers 'duplicate'
 * with the same thread; requests turned off for the device (its settings allow_website_requests /
 * allow_media_requests) or its user (the server user's options disable_website_requests /
 * disable_media_requests) answer 'disabled'; then the one resolver decides the address for the
 * device and the asking user as the device's policy would: a provider-locked category answers
 * 'locked', an allowed address 'not_blocked'; a denial that prevents further requests answers
 * 'prevented'; otherwise the ask joins the subject's pending thread ('joined') or opens one
 * ('created'), with a line on the device's timeline, in one transaction. An app's ask (kind app,
 * issue 12) goes its own way: apps.ts.
 */
import { AGENT_REQUEST_MSG, splitUrl, type AgentRequest, type RequestKind, type RuleScope } from '@wayguard/contracts';
import type { DbOrTx } from '../../db/client.js';
import { badRequest } from '../../lib/http-errors.js';
import {
  addAsk,
  earlierAsk,
  preventingThread,
  requestSubject,
  subjectWebsiteRow,
} from '../../domain/requests/threads.js';
import type { RequestSubject } from '../../domain/requests/threads.js';
import { decideAddress } from '../../domain/web-access/decide-address.js';
import type { Decision } from '../../domain/web-access/resolver.js';
import { loadDeviceNode } from '../../domain/web-access/nodes.js';
import type { AgentDevice } from '../../domain/devices/agent-device.js';
import { receiveAppRequest } from './apps.js';
import { mediaWebsiteId } from './repository.js';
import { context, type Requester } from './requester.js';
import { answerAt, recordAskSent, type AskReceiver } from './sent.js';
import { deviceGone } from '../../domain/devices/agent-devices.js';

/** The asking user's chain on this device: account → their connection → them → the device. */
function chainFor(device: AgentDevice, deviceName: string, r: Requester): RuleScope[] {
  const chain: RuleScope[] = [{ kind: 'account' }];
  if (r.connectionId !== null) chain.push({ kind: 'connection', id: r.connectionId, name: '' });
  if (r.kind && r.id !== null)
    chain.push({
      kind: 'user',
      user_kind: r.kind === 'user' ? 'console' : r.kind === 'server_user' ? 'server' : 'local',
      id: r.id,
      name: r.name,
    });
  chain.push({ kind: 'device', id: device.id, name: deviceName });
  return chain;
}

/** What a device's ask (or its block page) is about, and whether it may be asked now. */
export type Assessment = {
  subject: RequestSubject;
  deviceName: string;
  requester: Requester;
  decision: Decision;
  /** Why no request can be made, or null when one can (a prevented subject is only known in the write). */
  refusal: 'disabled' | 'locked' | 'not_blocked' | null;
};

/**
 * The checks before an ask, in order: requests turned off for the device or its user ('disabled'),
 * then the one resolver for the address along the asking user's chain: a provider-locked category
 * ('locked'), an address allowed now ('not_blocked'). Shared by POST /requests and the block page.
 */
export async function assessAsk(
  db: DbOrTx,
  device: AgentDevice,
  b: Pick<AgentRequest, 'url' | 'user'> & { kind: RequestKind },
  now: Date,
): Promise<Assessment | null> {
  const subject = requestSubject(b.kind, b.url);
  if (!subject) return null;
  const { name, settings, requester } = await context(db, device, b.user);
  const node = await loadDeviceNode(db, device.accountId, device.id);
  if (!node) throw deviceGone(device.id);
  const mediaId = b.kind === 'media' ? await mediaWebsiteId(db, device.accountId, subject.key) : null;
  const address = b.kind === 'media' ? { host: subject.host, path: subject.path } : (splitUrl(b.url) ?? subject);
  const { decision } = await decideAddress(
    db,
    { ...node, chain: chainFor(device, name, requester) },
    address,
    now,
    mediaId,
  );
  const settingOn = settings.get(b.kind === 'website' ? 'allow_website_requests' : 'allow_media_requests') ?? true;
  const userOff =
    requester.options?.[b.kind === 'website' ? 'disable_website_requests' : 'disable_media_requests'] ?? false;
  const refusal =
    !settingOn || userOff
      ? 'disabled'
      : decision.decidedBy === 'locked'
        ? 'locked'
        : decision.decision === 'ALLOW'
          ? 'not_blocked'
          : null;
  return { subject, deviceName: name, requester, decision, refusal };
}

export const receiveRequest: AskReceiver = async (db, device, b, now = new Date()) => {
  const answer = answerAt(now);
  if (b.kind === 'app') return receiveAppRequest(db, device, b, now);
  if (!requestSubject(b.kind, b.url)) throw badRequest(AGENT_REQUEST_MSG.urlInvalid);
  const earlier = await earlierAsk(db, device.accountId, device.id, b.request_id);
  if (earlier !== null) return answer('duplicate', earlier);

  const assessed = await assessAsk(db, device, { ...b, kind: b.kind }, now);
  if (!assessed) throw badRequest(AGENT_REQUEST_MSG.urlInvalid);
  const { subject, deviceName: name, requester, refusal } = assessed;
  if (refusal) return answer(refusal);

  return db.transaction(async (tx) => {
    const prevented = await preventingThread(tx, device.accountId, subject);
    if (prevented !== null) return answer('prevented', prevented);
    const website = await subjectWebsiteRow(tx, device.accountId, subject, { url: b.url, media: b.media });
    const r = await addAsk(tx, {
      accountId: device.accountId,
      subject,
      website,
      url: b.url,
      title: b.kind === 'media' ? (b.media?.title ?? b.title) : b.title || subject.key,
      device: { id: device.id, kind: device.kind, name },
      requester,
      notes: b.notes || null,
      clientRequestId: b.request_id,
      media: b.media,
      at: now,
    });
    if (r.status !== 'duplicate') {
      const what =
        b.kind === 'website'
          ? `Website request sent: ${subject.key}`
          : `Media request sent: ${b.media?.title ?? subject.key}`;
      await recordAskSent(tx, device, what, requester.name, now);
    }
    return answer(r.status, r.requestId);
  });
};
