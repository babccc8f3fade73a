/**
 * The settings tab's toggle cards (001 §2.3, §4; 002 §2.2): which cards a device's config shows (a card
 * only when its key is in bool_settings; Safe Search's Schedule for machines only), their texts, and
 * the body of a change (the changed key with every other boolean setting, 001 §4).
 */
import {
  DEVICE_MSG,
  DEVICE_SETTING_SECTIONS,
  type BoolSettingItem,
  type DeviceBoolSettingKey,
  type DeviceConfig,
  type DeviceKind,
} from '@wayguard/contracts';

export const SETTING_TEXTS: Record<DeviceBoolSettingKey, { title: string; description: string }> = {
  safe_search_enabled: {
    title: 'Safe Search',
    description: 'Search engines only return results suitable for school use.',
  },
  allow_account_website_list: {
    title: 'Account Website List',
    description: 'The websites allowed for the whole account are allowed on this device.',
  },
  allow_google_image_search: {
    title: 'Google Image Search',
    description: 'Google image search can be used on this device.',
  },
  allow_media_requests: {
    title: 'Media Requests',
    description: 'Users of this device can ask for blocked media to be opened.',
  },
  allow_website_requests: {
    title: 'Website Requests',
    description: 'Users of this device can ask for blocked websites to be opened.',
  },
  allow_facebook_company_page_access: {
    title: 'Facebook Company Pages',
    description: 'Company pages on Facebook can be opened.',
  },
  allow_instagram_company_page_access: {
    title: 'Instagram Company Pages',
    description: 'Company pages on Instagram can be opened.',
  },
  allow_twitter_company_page_access: {
    title: 'Twitter Company Pages',
    description: 'Company pages on Twitter can be opened.',
  },
  allow_youtube_company_page_access: {
    title: 'YouTube Company Pages',
    description: 'Company pages on YouTube can be opened.',
  },
  allow_skype: { title: 'Skype', description: 'Skype can be used on this device.' },
  allow_beta_service_pack_install: {
    title: 'Beta Versions',
    description: 'The device installs beta versions of the Wayguard agent.',
  },
  allow_google_secondary_accounts: {
    title: 'Google Accounts',
    description: 'Secondary Google accounts can be added on this device.',
  },
};

/** A setting's value in the config, or undefined when the device does not hold it. */
export function boolSetting(config: DeviceConfig | undefined, key: DeviceBoolSettingKey): boolean | undefined {
  return config?.bool_settings.find((s) => s.key === key)?.value;
}

export type SettingCard = { key: DeviceBoolSettingKey; title: string; description: string; schedule: boolean };
export type SettingSection = { title: string; cards: SettingCard[] };

/** The sections with the cards this device's config holds; a section without cards is left out. */
export function visibleSettingSections(config: DeviceConfig, kind: DeviceKind): SettingSection[] {
  const held = new Set(config.bool_settings.map((s) => s.key));
  return DEVICE_SETTING_SECTIONS.map((section) => ({
    title: section.title,
    cards: section.keys
      .filter((key) => held.has(key))
      .map((key) => ({ key, ...SETTING_TEXTS[key], schedule: key === 'safe_search_enabled' && kind === 'machine' })),
  })).filter((section) => section.cards.length > 0);
}

/** Every boolean setting of the config, with `key` set to `value` (001 §4: the others are resent). */
export function boolSettingsChange(config: DeviceConfig, key: DeviceBoolSettingKey, value: boolean): BoolSettingItem[] {
  return config.bool_settings.map((s) => (s.key === key ? { key, value } : { key: s.key, value: s.value }));
}

/** The config with the sent values in place (the switch's optimistic update). */
export function withBoolSettings(config: DeviceConfig, sent: readonly BoolSettingItem[]): DeviceConfig {
  const values = new Map(sent.map((s) => [s.key, s.value]));
  return {
    ...config,
    bool_settings: config.bool_settings.map((s) => (values.has(s.key) ? { ...s, value: values.get(s.key)! } : s)),
  };
}

/** The toast of a changed setting (001 §8): Beta Versions and Google Accounts have their own. */
export function settingChangedText(key: DeviceBoolSettingKey): string {
  if (key === 'allow_beta_service_pack_install') return DEVICE_MSG.betaChanged;
  if (key === 'allow_google_secondary_accounts') return DEVICE_MSG.googleAccountsChanged;
  return DEVICE_MSG.configChanged;
}
