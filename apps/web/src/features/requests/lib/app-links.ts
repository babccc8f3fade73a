/**
 * The app request lists' link into the classic console (001 §2.3-2.4: the mobile app request page,
 * opened in a new tab with request_add; its path is ours).
 */
import { classicPageUrl } from '../../../lib/classic-console';

export const CLASSIC_APP_REQUEST_PATH = '/apps/mobile/request';

/** 'Request App' (001 §2.4). */
export function requestAppUrl(base: string): string {
  return classicPageUrl(base, CLASSIC_APP_REQUEST_PATH, { request_add: '1' });
}
