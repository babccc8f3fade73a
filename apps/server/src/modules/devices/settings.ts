/**
 * POST /devices/config's rule, as a pure function: the values of the keys sent replace the stored
 * ones; a key the device's config does not hold is refused; what changed is named for the timeline
 * ("Beta Versions: on"). Labels of the settings for those lines live here too.
 */
import { DEVICE_MSG, type DeviceBoolSettingKey } from '@wayguard/contracts';
import type { BoolSetting, KeyValue } from '../../db/schema/index.js';
import { badRequest } from '../../lib/http-errors.js';

/** How the timeline names each boolean setting (the settings cards' wording, 001 §2.3; 002 §2.2). */
export const SETTING_LABELS: Record<DeviceBoolSettingKey, string> = {
  safe_search_enabled: 'Safe Search',
  allow_account_website_list: 'Account Website List',
  allow_google_image_search: 'Google Image Search',
  allow_media_requests: 'Media Requests',
  allow_website_requests: 'Website Requests',
  allow_facebook_company_page_access: 'Facebook Company Page',
  allow_instagram_company_page_access: 'Instagram Company Page',
  allow_twitter_company_page_access: 'Twitter Company Page',
  allow_youtube_company_page_access: 'YouTube Company Page',
  allow_skype: 'Skype',
  allow_beta_service_pack_install: 'Beta Versions',
  allow_google_secondary_accounts: 'Google Secondary Accounts',
};

const labelOf = (key: string) => SETTING_LABELS[key as DeviceBoolSettingKey] ?? key;

export type Settings = { boolSettings: BoolSetting[]; stringSettings: KeyValue[] };

/**
 * The settings after the change, and a "Label: value" phrase per key whose value changed (in the order
 * sent). Throws 400 DEVICE_MSG.unknownSetting for a key the stored settings do not hold.
 */
export function applySettings(
  stored: Settings,
  sent: { bool_settings?: { key: string; value: boolean }[]; string_settings?: { key: string; value: string }[] },
): { next: Settings; changes: string[] } {
  const changes: string[] = [];
  const replace = <V extends boolean | string>(
    list: { key: string; value: V }[],
    updates: { key: string; value: V }[] | undefined,
    show: (v: V) => string,
  ) => {
    const out = list.map((s) => ({ ...s }));
    for (const u of updates ?? []) {
      const hit = out.find((s) => s.key === u.key);
      if (!hit) throw badRequest(DEVICE_MSG.unknownSetting(u.key));
      if (hit.value !== u.value) {
        hit.value = u.value;
        changes.push(`${labelOf(u.key)}: ${show(u.value)}`);
      }
    }
    return out;
  };
  const boolSettings = replace(stored.boolSettings, sent.bool_settings, (v) => (v ? 'on' : 'off'));
  const stringSettings = replace(stored.stringSettings, sent.string_settings, (v) => (v === '' ? '(empty)' : `"${v}"`));
  return { next: { boolSettings, stringSettings }, changes };
}
