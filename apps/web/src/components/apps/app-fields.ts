/**
 * The app accordion's labelled values (001 §2.4 'App accordion'; 002 §2.6 the apps pages' accordion):
 * Developer, Source, Platform, Classification, Package ID, Type (the contracts' pricing label), Version,
 * Rating, then what the caller adds (a request's Deny reason and Review requested reason), then
 * Description ('No description.' when empty). Missing values read '---' (as the device pages'), an
 * unrated app 'Not rated' (ours).
 */
import { APP_MSG, pricingLabel, type AppDetail } from '@wayguard/contracts';
import type { DetailField } from '../DetailList';

export const MISSING = '---';
export const NOT_RATED = 'Not rated';

const orMissing = (value: string) => (value.trim() === '' ? MISSING : value);

/** '4.6 / 5'; 'Not rated' for 0 (the catalogue's unrated apps). */
export function ratingText(rating: number): string {
  if (!Number.isFinite(rating) || rating <= 0) return NOT_RATED;
  return `${Math.round(Math.min(rating, 5) * 10) / 10} / 5`;
}

export type AppDetailFields = Pick<
  AppDetail,
  | 'vendor'
  | 'source'
  | 'platform'
  | 'classification'
  | 'package_id'
  | 'product_pricing'
  | 'price'
  | 'version'
  | 'rating'
  | 'description'
>;

export function appDetailFields(app: AppDetailFields, extra: readonly DetailField[] = []): DetailField[] {
  return [
    { label: 'Developer', value: orMissing(app.vendor) },
    { label: 'Source', value: orMissing(app.source) },
    { label: 'Platform', value: orMissing(app.platform) },
    { label: 'Classification', value: orMissing(app.classification) },
    { label: 'Package ID', value: orMissing(app.package_id) },
    { label: 'Type', value: pricingLabel(app.product_pricing, app.price) },
    { label: 'Version', value: orMissing(app.version) },
    { label: 'Rating', value: ratingText(app.rating) },
    ...extra,
    { label: 'Description', value: app.description.trim() === '' ? APP_MSG.noDescription : app.description },
  ];
}
