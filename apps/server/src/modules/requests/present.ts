/**
 * A requests list row as the contract's item (001 §7 GET /requests): typed by the contract, written by
 * JSON.stringify (routes.ts). `allowed_now` is set afterwards for the pending threads (allowed-now.ts).
 */
import {
  canRequestReview,
  categoryById,
  DEVICE_ASSOCIATIONS,
  forPopup,
  REQUEST_MSG,
  type AssociationType,
  type RequestItem,
} from '@wayguard/contracts';
import type { RequestRow } from './sql/list.js';

export function toItem(r: RequestRow): RequestItem {
  const popup = forPopup({ type: r.association_type, id: r.association_id });
  const category = r.category_id === null ? undefined : categoryById(r.category_id);
  return {
    id: r.id,
    type: r.kind,
    state: r.state,
    status: r.status,
    website: r.website,
    title: r.title,
    favicon: r.favicon,
    previewIcon: r.preview_icon,
    by: r.requester_name,
    associationType: r.association_type,
    associationId: r.association_id,
    for: { value: r.for_name || REQUEST_MSG.accountList, isPopup: popup !== null, ...(popup ? { popup } : {}) },
    requested: r.requested,
    approved: r.state === 'approved' ? r.processed : 0,
    denied: r.state === 'denied' ? r.processed : 0,
    notes: r.notes ?? '',
    reason: r.reason ?? '',
    description: r.description ?? '',
    media_type: r.media_type,
    category: category?.name ?? '',
    bookmark: r.bookmarked ? 1 : 0,
    requestType: r.kind,
    can_request_review: canRequestReview(r),
    requester: r.requester_name,
    requester_id: r.requester_id,
    processor: r.processor_name ?? '',
    processed: r.processed,
    review_notes: r.review_notes ?? '',
    device: r.device_serial && r.device_kind ? { id: r.device_serial, type: r.device_kind } : null,
    association: { type: r.association_type },
    requester_count: r.requester_count,
    device_count: r.device_count,
    category_id: r.category_id ?? 0,
    expires: r.expires,
    prevent_requests: r.prevent_requests,
    requester_kinds: r.requester_kinds,
    allowed_now: null,
  };
}
export const isDeviceAssociation = (a: AssociationType) => DEVICE_ASSOCIATIONS.includes(a);
