/**
 * The Apps answers as the contract types them: an app request list row as its item (001 §7 GET
 * /app_requests) and an app's details (GET /app_requests/app), written by JSON.stringify (routes.ts).
 */
import { APP_MSG, canRequestReview, type AppDetail, type AppRequestItem } from '@wayguard/contracts';
import type { AppDetailRow } from './repository.js';
import type { AppRequestRow } from './sql/list.js';

export function toAppItem(r: AppRequestRow): AppRequestItem {
  return {
    package_name: r.package_name,
    title: r.title,
    icon_url: r.image_url,
    requester: r.requester_name,
    requester_id: r.requester_id,
    requested: r.requested,
    processor: r.processor_name ?? '',
    processed: r.processed,
    reason: r.reason ?? '',
    review_notes: r.review_notes ?? '',
    status: r.status,
    approve_warn: r.is_admin_warning,
    can_request_review: canRequestReview(r),
    id: r.id,
    state: r.state,
    by: r.requester_name,
    for: { value: r.for_name, isPopup: r.device_count > 1 },
    device: r.device_serial && r.device_kind ? { id: r.device_serial, type: r.device_kind } : null,
    device_count: r.device_count,
    requester_count: r.requester_count,
    notes: r.notes ?? '',
    vendor: r.vendor,
    auto_assign: r.auto_assign,
    mandatory: r.mandatory,
    assigned_count: r.assigned_count,
  };
}

/** An app's details for the account from its row, the users it may be assigned to and those it is assigned to. */
export function toAppDetail(app: AppDetailRow, users: { id: number; name: string }[], assigned: number[]): AppDetail {
  const rating = Number.parseFloat(app.rating ?? '');
  const { name, image_url, vendor, source, platform, classification, version, description } = app;
  return {
    name,
    url: app.url ?? '',
    image_url,
    vendor,
    source,
    platform,
    classification,
    package_id: app.package_name,
    product_pricing: app.product_pricing ?? '',
    price: app.price ?? '',
    version,
    rating: Number.isFinite(rating) ? Math.min(5, Math.max(0, rating)) : 0,
    rating_image: null,
    description,
    enable_auto_assign: app.state === 'approved' && app.auto_assign === true,
    assign_users: users,
    assigned_users: assigned,
    is_admin_warning: app.is_admin_warning,
    is_external: app.is_external,
    is_prevent_autoassign: app.is_prevent_autoassign,
    admin_warning_message: app.is_admin_warning
      ? {
          heading: APP_MSG.warningHeading,
          message: APP_MSG.warningMessage(app.name, app.classification),
          checkbox: APP_MSG.warningCheckbox,
        }
      : null,
    request:
      app.request_id !== null && app.state && app.status
        ? { id: app.request_id, state: app.state, status: app.status }
        : null,
    mandatory: app.state === 'approved' && app.mandatory === true,
    app_id: app.id,
  };
}
