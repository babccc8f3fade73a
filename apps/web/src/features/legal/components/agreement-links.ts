/**
 * The three agreement pages (002 §2.15). The rail lists Terms of Use and License Agreement only; the
 * Privacy Policy is reached through these links (000 §2.1: "linked"), shown on every agreement page.
 */
import type { RegistrationInfo } from '@wayguard/contracts';
import { paths } from '../../../lib/paths';

export type AgreementKind = keyof RegistrationInfo['agreements'];

export const AGREEMENT_PAGES: readonly { kind: AgreementKind; path: string; title: string }[] = [
  { kind: 'terms_of_use', path: paths.support.terms.href(), title: 'Terms of Use' },
  { kind: 'eula', path: paths.support.licenseAgreement.href(), title: 'License Agreement' },
  { kind: 'privacy_policy', path: paths.support.privacyPolicy.href(), title: 'Privacy Policy' },
];

/** The pages of the other agreements, in the order above. */
export const otherAgreements = (kind: AgreementKind) => AGREEMENT_PAGES.filter((p) => p.kind !== kind);
