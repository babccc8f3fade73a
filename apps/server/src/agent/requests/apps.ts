/**
 * POST /api/agent/v1/requests with kind app (issue 12): a monitored user asks for a mobile app. A copy of
 * an earlier ask (same device, same request_id) answers 'duplicate' with the same thread; otherwise, in
 * one transaction, the app is found in the catalogue (when the catalogue has not confirmed it, with the
 * account's own description of it: domain/apps/catalogue.ts) and the ask opens or joins the account's thread of the app (domain/apps/asks.ts):
 * 'created' or 'joined', 'not_blocked' when the app is approved already, 'prevented' when the provider's
 * team denied it; a new ask writes a line on the device's timeline.
 */
import { addAppAsk, earlierAppAsk } from '../../domain/apps/asks.js';
import { ensureApp } from '../../domain/apps/catalogue.js';
import { context } from './requester.js';
import { answerAt, recordAskSent, type AskReceiver } from './sent.js';

export const receiveAppRequest: AskReceiver = async (db, device, b, now = new Date()) => {
  const answer = answerAt(now);
  const ref = b.app!;
  const earlier = await earlierAppAsk(db, device.accountId, device.id, b.request_id);
  if (earlier !== null) return answer('duplicate', earlier);
  const { name, requester } = await context(db, device, b.user);
  return db.transaction(async (tx) => {
    const app = await ensureApp(
      tx,
      { accountId: device.accountId, deviceId: device.id },
      { ...ref, name: ref.name || b.title },
    );
    const r = await addAppAsk(tx, {
      accountId: device.accountId,
      app,
      device: { id: device.id, name },
      requester: { kind: requester.kind, id: requester.id, name: requester.name },
      notes: b.notes || null,
      clientRequestId: b.request_id,
      at: now,
    });
    if (r.status === 'created' || r.status === 'joined')
      await recordAskSent(tx, device, `App request sent: ${app.name}`, requester.name, now);
    return answer(r.status, r.requestId);
  });
};
