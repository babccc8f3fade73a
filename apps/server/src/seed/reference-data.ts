/** Global reference rows: agreements, telephone country codes, news items, web categories, apps. */
import type { Db, DbOrTx } from '../db/client.js';
import { agreements, apps, countryCodes, newsItems } from '../db/schema/index.js';
import { demoAppCatalogue } from './app-catalogue.js';

const para = (...lines: string[]) => lines.join('\n\n');

export const TERMS_TEXT = para(
  'These Terms of Use govern your use of the Wayguard admin console (the "Console") provided to your organisation. By accepting them you confirm that you are authorised by your organisation to administer its devices and users.',
  "1. Purpose. The Console lets authorised administrators manage web filtering, parental-control and device-safety settings for the people and devices their organisation is responsible for. You must use it only for that purpose and in line with the law and your organisation's policies.",
  "2. Your account. Keep your password and any two-factor device private. Tell your organisation's administrator at once if you think someone else has used your account. You are responsible for actions taken with your account.",
  '3. Personal data. The Console shows personal data about pupils, children, staff and family members, including browsing requests and screen captures. Look at such data only when your role requires it, never copy it outside the Console except as your organisation allows, and report any suspected breach without delay.',
  "4. Safeguarding. Screen captures and requests may reveal safeguarding concerns. Follow your organisation's safeguarding procedure; the Console does not replace it.",
  '5. Acceptable use. Do not try to reach data of another organisation, probe or disrupt the service, or use automated tools against it except those we provide.',
  '6. Availability and changes. We work to keep the Console available but do not promise uninterrupted service. Some actions still open the Classic Admin Console while this Console is in development. We may update these terms; you will be asked to accept the new version before you continue.',
  '7. Records. When you accept these terms we record the time, and the location your browser reports if you allow it, so that your organisation can show who accepted which version.',
  "8. Contact. Questions about these terms go to your organisation's administrator or to our support team through the Contact Us page.",
);

export const EULA_TEXT = para(
  'This License Agreement is between your organisation and Wayguard for the use of the Wayguard filtering agent and admin console.',
  '1. Licence. You may install the agent on devices that your organisation owns or manages, up to the number of licences billed to your account.',
  '2. Restrictions. You may not reverse engineer, resell or sublicense the software, or remove its notices.',
  '3. Updates. The agent updates itself; beta versions are offered only to devices whose administrators opt in.',
  "4. Warranty. The software is provided as described in your order; no filter blocks all unwanted content, and supervision remains your organisation's responsibility.",
  '5. Termination. The licence ends when your subscription ends; uninstall the agent from your devices then.',
);

export const PRIVACY_TEXT = para(
  'This Privacy Policy explains how Wayguard processes personal data in the admin console and the filtering agent.',
  "What we collect: console users' names, e-mail addresses and sign-in records; device details; the websites, media and apps that monitored users request; and, where your organisation enables it, screen captures.",
  'Why: to provide the filtering and device-safety service your organisation ordered, to keep it secure, and to support you.',
  'How long: requests and screen captures are kept for the period your organisation sets, and at most 13 months; sign-in records for 12 months.',
  'Your rights: contact your organisation, which controls this data, or our support team, to access or correct it.',
);

export const COUNTRY_CODES: [string, string][] = [
  ['Australia', '61'],
  ['Belgium', '32'],
  ['Canada', '1'],
  ['Denmark', '45'],
  ['France', '33'],
  ['Germany', '49'],
  ['India', '91'],
  ['Ireland', '353'],
  ['Italy', '39'],
  ['Netherlands', '31'],
  ['New Zealand', '64'],
  ['Norway', '47'],
  ['Poland', '48'],
  ['Portugal', '351'],
  ['South Africa', '27'],
  ['Spain', '34'],
  ['Sweden', '46'],
  ['Switzerland', '41'],
  ['United Kingdom', '44'],
  ['United States', '1'],
];

export async function seedReferenceData(db: DbOrTx, now: Date): Promise<void> {
  const day = 86_400_000;
  await db.insert(agreements).values([
    {
      kind: 'terms_of_use',
      title: 'Wayguard Admin Console Terms of Use',
      content: TERMS_TEXT,
      publishedAt: new Date(now.getTime() - 30 * day),
    },
    {
      kind: 'eula',
      title: 'Wayguard License Agreement',
      content: EULA_TEXT,
      publishedAt: new Date(now.getTime() - 400 * day),
    },
    {
      kind: 'privacy_policy',
      title: 'Wayguard Privacy Policy',
      content: PRIVACY_TEXT,
      publishedAt: new Date(now.getTime() - 400 * day),
    },
  ]);
  await db.insert(countryCodes).values(COUNTRY_CODES.map(([countryName, digits]) => ({ countryName, digits })));
  await db.insert(newsItems).values([
    {
      title: 'Screen captures for school hours',
      body: 'Filter screen captures by school and night hours to find what matters faster.',
      link: null,
      publishedAt: new Date(now.getTime() - 3 * day),
    },
    {
      title: 'Two-factor sign-in',
      body: 'Console admins can now protect their sign-in with an authenticator app. Turn it on in your user settings.',
      link: null,
      publishedAt: new Date(now.getTime() - 10 * day),
    },
    {
      title: 'The new console',
      body: 'This console is replacing the Classic Admin Console step by step. Tell us what you think through Feedback.',
      link: '/support/feedback',
      publishedAt: new Date(now.getTime() - 20 * day),
    },
  ]);
  await db.insert(apps).values(demoAppCatalogue());
}

export type { Db };
