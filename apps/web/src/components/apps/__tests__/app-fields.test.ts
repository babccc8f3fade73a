/** The app accordion's values (001 §2.4 'App accordion') and the warning dialog's texts (001 §3, §4). */
import { describe, expect, it } from 'vitest';
import { APP_MSG } from '@wayguard/contracts';
import { MISSING, NOT_RATED, appDetailFields, ratingText } from '../app-fields';
import { warningTexts } from '../AppWarningDialog';

const app = {
  vendor: 'Duolingo',
  source: 'Google Play Store',
  platform: 'Android',
  classification: '',
  package_id: 'com.duolingo',
  product_pricing: 'paid',
  price: '£2.99',
  version: '9.8.2',
  rating: 4.66,
  description: '',
};

describe('app accordion fields', () => {
  it('lists the spec labels in order, the caller adding before Description', () => {
    const fields = appDetailFields(app, [{ label: 'Deny reason', value: 'No' }]);
    expect(fields.map((f) => f.label)).toEqual([
      'Developer',
      'Source',
      'Platform',
      'Classification',
      'Package ID',
      'Type',
      'Version',
      'Rating',
      'Deny reason',
      'Description',
    ]);
    expect(fields.find((f) => f.label === 'Type')?.value).toBe('Paid(£2.99)');
    expect(fields.find((f) => f.label === 'Classification')?.value).toBe(MISSING);
    expect(fields.at(-1)?.value).toBe(APP_MSG.noDescription);
  });
  it('shows the pricing labels', () => {
    const type = (p: string) => appDetailFields({ ...app, product_pricing: p }).find((f) => f.label === 'Type')?.value;
    expect(type('free')).toBe('Free');
    expect(type('free_with_in_app_purchases')).toBe('Free with in-app purchases');
    expect(type('trial')).toBe('TRIAL');
    expect(type('')).toBe('Unknown');
  });
  it('rates out of 5, unrated apps as not rated', () => {
    expect(ratingText(4.66)).toBe('4.7 / 5');
    expect(ratingText(0)).toBe(NOT_RATED);
  });
});

describe('warning dialog texts', () => {
  it("uses the app's own warning, or ours", () => {
    expect(warningTexts('X', 'Games', { heading: 'H', message: 'M', checkbox: 'C' })).toEqual({
      heading: 'H',
      message: 'M',
      checkbox: 'C',
    });
    expect(warningTexts('X', 'Games', null)).toEqual({
      heading: APP_MSG.warningHeading,
      message: APP_MSG.warningMessage('X', 'Games'),
      checkbox: APP_MSG.warningCheckbox,
    });
  });
});
