/** The settings tab's cards for a config, a change's body and its toast (001 §2.3, §4; 002 §2.2). */
import { describe, expect, it } from 'vitest';
import { DEVICE_MSG, type DeviceConfig } from '@wayguard/contracts';
import {
  boolSetting,
  boolSettingsChange,
  settingChangedText,
  visibleSettingSections,
  withBoolSettings,
} from '../lib/settings-cards';

const config = (keys: [DeviceConfig['bool_settings'][number]['key'], boolean][]): DeviceConfig => ({
  bool_settings: keys.map(([key, value]) => ({ key, value })),
  string_settings: [],
  is_unlocked: false,
});

describe('visibleSettingSections', () => {
  it('shows a card only for a key the config holds, and drops empty sections', () => {
    const c = config([
      ['safe_search_enabled', true],
      ['allow_website_requests', false],
      ['allow_beta_service_pack_install', false],
    ]);
    const sections = visibleSettingSections(c, 'machine');
    expect(sections.map((s) => s.title)).toEqual(['Safe Search Internet Filter', 'Web Access Options']);
    expect(sections[1]!.cards.map((k) => k.key)).toEqual(['allow_website_requests']);
  });
  it('gives Safe Search its Schedule button on machines only', () => {
    const c = config([['safe_search_enabled', true]]);
    expect(visibleSettingSections(c, 'machine')[0]!.cards[0]!.schedule).toBe(true);
    expect(visibleSettingSections(c, 'mobile')[0]!.cards[0]!.schedule).toBe(false);
  });
  it('keeps the social media cards in the spec order', () => {
    const c = config([
      ['allow_skype', true],
      ['allow_facebook_company_page_access', true],
    ]);
    expect(visibleSettingSections(c, 'mobile')).toEqual([
      {
        title: 'Social Media Options',
        cards: [
          expect.objectContaining({ key: 'allow_facebook_company_page_access' }),
          expect.objectContaining({ key: 'allow_skype' }),
        ],
      },
    ]);
  });
  it('shows nothing for a config without those keys', () => {
    expect(visibleSettingSections(config([['allow_google_secondary_accounts', true]]), 'mobile')).toEqual([]);
  });
});

describe('a change', () => {
  const c = config([
    ['safe_search_enabled', true],
    ['allow_media_requests', true],
    ['allow_beta_service_pack_install', false],
  ]);
  it('sends the changed key with every other boolean setting', () => {
    expect(boolSettingsChange(c, 'allow_beta_service_pack_install', true)).toEqual([
      { key: 'safe_search_enabled', value: true },
      { key: 'allow_media_requests', value: true },
      { key: 'allow_beta_service_pack_install', value: true },
    ]);
  });
  it('updates the cached config as the server will (the optimistic switch)', () => {
    const next = withBoolSettings(c, boolSettingsChange(c, 'allow_media_requests', false));
    expect(boolSetting(next, 'allow_media_requests')).toBe(false);
    expect(boolSetting(next, 'safe_search_enabled')).toBe(true);
    expect(boolSetting(c, 'allow_media_requests')).toBe(true);
    expect(boolSetting(next, 'allow_skype')).toBeUndefined();
  });
  it("toasts the spec's text for the key", () => {
    expect(settingChangedText('allow_beta_service_pack_install')).toBe(DEVICE_MSG.betaChanged);
    expect(settingChangedText('allow_google_secondary_accounts')).toBe(DEVICE_MSG.googleAccountsChanged);
    expect(settingChangedText('allow_skype')).toBe(DEVICE_MSG.configChanged);
  });
});
