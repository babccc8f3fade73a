import { boolean, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export type AddressLine = { label: string; value: string; required: boolean };
export type Telephone = { number: string; area_code: string; country_code_id: number };
export type SocialProfile = { label: string; value: string; website: string };
export type AccessPermissions = {
  allow_user_creation: boolean;
  allow_screen_capture_access: boolean;
  manage_server_users: boolean;
  allow_disable_media_requests: boolean;
  allow_disable_website_requests: boolean;
  allow_social_media: boolean;
};

/** A customer of the service (a school, a family): the tenant every other row belongs to. */
export const accounts = pgTable('accounts', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  accountNumber: text('account_number').notNull().unique(),
  s3AccountNumber: text('s3_account_number').notNull().default(''),
  consoleRegistered: timestamp('console_registered', { withTimezone: true }),
  countryName: text('country_name').notNull().default(''),
  supportProvidedBy: text('support_provided_by').notNull().default(''),
  address: jsonb('address').$type<AddressLine[]>().notNull().default([]),
  telephone: jsonb('telephone').$type<Telephone | null>(),
  logoBlobKey: text('logo_blob_key'),
  logoFilename: text('logo_filename'),
  sfaEnterpriseId: text('sfa_enterprise_id'),
  sfaCanReregister: boolean('sfa_can_reregister').notNull().default(false),
  sfaDateRegistered: timestamp('sfa_date_registered', { withTimezone: true }),
  sfaAdministrator: text('sfa_administrator'),
  socialMedia: jsonb('social_media').$type<SocialProfile[]>().notNull().default([]),
  esetEnabled: boolean('eset_enabled').notNull().default(false),
  esetLoginUrl: text('eset_login_url'),
  esetAdministrators: jsonb('eset_administrators').$type<{ id: number; name: string }[]>().notNull().default([]),
  accessPermissions: jsonb('access_permissions').$type<AccessPermissions>().notNull(),
  billedNotRegisteredCount: integer('billed_not_registered_count').notNull().default(0),
  /** What decides when no web-access rule applies (contracts DEFAULT_MODES; policy.md step 5). */
  webDefaultMode: text('web_default_mode', { enum: ['allow_unless_blocked', 'approved_sites_only'] })
    .notNull()
    .default('allow_unless_blocked'),
  /** The account's IANA time zone: web-access schedules are read on its wall clock. */
  timeZone: text('time_zone').notNull().default('Europe/London'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
