/**
 * GET /devices/config and POST /devices/config (001 §2.3, §3, §4; 002 §2.2): the settings' keys, their
 * values, the change, and the settings cards of the settings tab.
 */
import { z } from 'zod';
import { deviceQuery } from './device.js';

/** The settings cards' keys (001 §2.3; 002 §2.2, §3 'Device/node settings') and the two config keys of 001 §3. */
export const DEVICE_BOOL_SETTING_KEYS = [
  'safe_search_enabled',
  'allow_account_website_list',
  'allow_google_image_search',
  'allow_media_requests',
  'allow_website_requests',
  'allow_facebook_company_page_access',
  'allow_instagram_company_page_access',
  'allow_twitter_company_page_access',
  'allow_youtube_company_page_access',
  'allow_skype',
  'allow_beta_service_pack_install',
  'allow_google_secondary_accounts',
] as const;
export type DeviceBoolSettingKey = (typeof DEVICE_BOOL_SETTING_KEYS)[number];
export const DEVICE_STRING_SETTING_MAX = 256;

export const boolSetting = z.object({ key: z.enum(DEVICE_BOOL_SETTING_KEYS), value: z.boolean() });
export const stringSetting = z.object({
  key: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[a-z0-9_]+$/),
  value: z.string().max(DEVICE_STRING_SETTING_MAX),
});
export type BoolSettingItem = z.infer<typeof boolSetting>;

export const deviceConfig = z.object({
  bool_settings: z.array(boolSetting),
  string_settings: z.array(stringSetting),
  is_unlocked: z.boolean(),
});
export type DeviceConfig = z.infer<typeof deviceConfig>;

/**
 * POST /devices/config: bool_settings or string_settings as key and value lists. A boolean change also
 * resends the other boolean settings (001 §4). A key the device's config does not hold is refused.
 */
export const updateDeviceConfigRequest = deviceQuery
  .extend({
    bool_settings: z.array(boolSetting).max(DEVICE_BOOL_SETTING_KEYS.length).optional(),
    string_settings: z.array(stringSetting).max(64).optional(),
  })
  .refine((v) => v.bool_settings !== undefined || v.string_settings !== undefined, {
    message: 'Send bool_settings or string_settings',
    path: ['bool_settings'],
  });
export type UpdateDeviceConfigRequest = z.infer<typeof updateDeviceConfigRequest>;

/** Settings cards of the settings tab (001 §2.3; 002 §2.2): sections, and which keys each card shows. */
export const DEVICE_SETTING_SECTIONS = [
  { title: 'Safe Search Internet Filter', keys: ['safe_search_enabled'] },
  {
    title: 'Web Access Options',
    keys: ['allow_account_website_list', 'allow_google_image_search', 'allow_media_requests', 'allow_website_requests'],
  },
  {
    title: 'Social Media Options',
    keys: [
      'allow_facebook_company_page_access',
      'allow_instagram_company_page_access',
      'allow_twitter_company_page_access',
      'allow_youtube_company_page_access',
      'allow_skype',
    ],
  },
] as const satisfies readonly { title: string; keys: readonly DeviceBoolSettingKey[] }[];
