/**
 * The web-access calls of the console (002 §2.3-2.5, §2.9, §3 'Web access item' and 'Media info',
 * §7, §9): GET /node/web_access/websites/list, /media/list, their exports,
 * POST /node/web_access/websites/access, GET /node/web_access/websites/media_info, and ours where 002
 * §7 leaves the path open or the issue asks for more (docs/decisions/web-access.md): GET
 * /node/web_access/categories/list and /categories/count, POST /node/web_access/test ("Test a
 * website") and POST /node/web_access/impact (how many devices and users a rule would change).
 *
 * A node is what the page is about: a device (type machine or mobile, id its serial) or a server or
 * local user (type server_user, id its number): 002 §2.9 'node type server user'; ours (issue 26): the
 * account itself (type account), whose rules every device and user inherits.
 */
import { z } from 'zod';
import { idField, idQueryField } from '../common.js';
import { MEDIA_TYPE_GROUPS, type MediaType } from '../constants.js';
import { deviceIdField, deviceKind } from '../devices/device.js';
import { commaList, listQuery } from '../lists.js';
import { ruleAction, matchMode, ACCESS_VALUES } from './rules.js';
import { weeklySchedule } from './schedule.js';
import { WEB_ACCESS_MSG } from './messages.js';

/** Ours (issue 26): `account` is the account's own web access (its id: ACCOUNT_NODE_ID). */
export const NODE_TYPES = ['machine', 'mobile', 'server_user', 'account'] as const;
export type NodeType = (typeof NODE_TYPES)[number];
export const nodeType = z.enum(NODE_TYPES, { error: WEB_ACCESS_MSG.nodeTypeUnknown });
/** The id the account node goes by (any id names the session's own account). */
export const ACCOUNT_NODE_ID = 'account';
/** A device's serial or a server user's id, as the page's address carries it. */
export const nodeIdField = z.string().trim().min(1).max(64);

/** `id` and `type` of the node a list is read for (002 §7: id, type). */
export const nodeQuery = z.object({ id: nodeIdField, type: nodeType });
export type NodeQuery = z.infer<typeof nodeQuery>;

// --- lists -----------------------------------------------------------------------------------------

/** 002 §2.4 access filter values; the menu is single choice, the parameter a comma list. */
export const ACCESS_FILTERS = ['allowed', 'blocked', 'scheduled', 'not-scheduled'] as const;
export type AccessFilter = (typeof ACCESS_FILTERS)[number];
export const ACCESS_FILTER_LABELS: Record<AccessFilter, string> = {
  allowed: 'Allowed',
  blocked: 'Blocked',
  scheduled: 'Scheduled',
  'not-scheduled': 'Not scheduled',
};

/**
 * Ours (issue 26, docs/decisions/web-access.md "What a node's lists show first (issue 26)"): `managed` puts first the
 * rows with a rule at this node, then the rows asked for from it (requests), then the rest, each part by name. The
 * web's default; a call without sort_by still gets the spec's name order (002 §9).
 */
export const WEBSITE_SORTS = ['managed', 'name'] as const;
export const MEDIA_SORTS = ['managed', 'name', 'media_type'] as const;
export type NodeListSort = (typeof MEDIA_SORTS)[number];
/** The order choice's labels (the name column keeps the spec's A-Z / Z-A). */
export const MANAGED_SORT_LABEL = 'Rules and requests first';
export const NAME_SORT_LABEL = 'By name';
export const MEDIA_TYPE_KEYS = MEDIA_TYPE_GROUPS.flatMap((g) => g.types.map((t) => t.key)) as MediaType[];

const nodeListQuery = listQuery.extend({
  ...nodeQuery.shape,
  /** 002 §9: the default search mode is includes. */
  search_mode: matchMode.default('includes'),
});

export const websitesListQuery = nodeListQuery.extend({
  sort_by: z.enum(WEBSITE_SORTS).default('name'),
  access_filters: commaList(ACCESS_FILTERS, WEB_ACCESS_MSG.accessFilterUnknown).optional(),
});
export type WebsitesListQuery = z.infer<typeof websitesListQuery>;

export const mediaListQuery = nodeListQuery.extend({
  sort_by: z.enum(MEDIA_SORTS).default('name'),
  media_types: commaList(MEDIA_TYPE_KEYS as [MediaType, ...MediaType[]], WEB_ACCESS_MSG.mediaTypeUnknown).optional(),
});
export type MediaListQuery = z.infer<typeof mediaListQuery>;

/** The access fields every row carries (002 §3), and ours: its rule's schedule and expiry. */
const accessFields = {
  allow: z.boolean(),
  block: z.boolean(),
  explain_allow: z.string(),
  explain_block: z.string(),
  /** ALLOW or BLOCK: what applies to this node now (the switch). */
  access: z.enum(['ALLOW', 'BLOCK']),
  /** The rule stored at this node: ALLOW, BLOCK or INHERIT. */
  own_access: z.enum(ACCESS_VALUES),
  /** The rule at this node carries a schedule ('scheduled' in the access filter). */
  scheduled: z.boolean(),
  schedule: weeklySchedule.nullable(),
  /** ISO time the rule at this node stops applying; null: permanent or no rule. */
  expires_at: z.string().nullable(),
  /** A provider-locked category decides: the switch cannot allow it. */
  locked: z.boolean(),
};

/** A website or media row (002 §3 'Web access item'). */
export const webAccessItem = z.object({
  id: z.number(),
  name: z.string(),
  url: z.string(),
  type: z.enum(['website', 'media']),
  allow_inherited: z.boolean(),
  block_inherited: z.boolean(),
  category_id: z.number().nullable(),
  category_group: z.string().nullable(),
  description: z.string(),
  is_custom: z.boolean(),
  is_zvelo_enabled: z.boolean(),
  /** Media rows: the site type key (MEDIA_TYPE_GROUPS); websites: null. */
  media_type: z.string().nullable(),
  /** How the website's pattern matches addresses. */
  match_mode: matchMode,
  ...accessFields,
});
export type WebAccessItem = z.infer<typeof webAccessItem>;

export const webAccessListResponse = z.object({ result: z.array(webAccessItem), total_count: z.number() });
export type WebAccessListResponse = z.infer<typeof webAccessListResponse>;

// --- categories ------------------------------------------------------------------------------------

/** Categories of a node: GET /node/web_access/categories/list (002 §2.3; 002 §7 leaves the path open). */
export const categoriesQuery = z.object({
  ...nodeQuery.shape,
  query: listQuery.shape.query,
  reverse_order: listQuery.shape.reverse_order,
});
export type CategoriesQuery = z.infer<typeof categoriesQuery>;

/** A category row; 002 §3: category rows name the inherited pair inherited_allow / inherited_block. */
export const categoryItem = z.object({
  id: z.number(),
  name: z.string(),
  type: z.literal('category'),
  description: z.string(),
  category_group: z.string(),
  inherited_allow: z.boolean(),
  inherited_block: z.boolean(),
  /** A custom category is the account's website group; its switch sends custom_category_id. */
  is_custom: z.boolean(),
  is_zvelo_enabled: z.boolean(),
  ...accessFields,
});
export type CategoryItem = z.infer<typeof categoryItem>;

export const categoryGroupItem = z.object({ key: z.string(), title: z.string(), categories: z.array(categoryItem) });
export const categoriesResponse = z.object({ groups: z.array(categoryGroupItem), total_count: z.number() });
export type CategoriesResponse = z.infer<typeof categoriesResponse>;

/** GET /node/web_access/categories/count: how many categories match, and how many are blocked now. */
export const categoriesCountResponse = z.object({
  total_count: z.number(),
  allowed_count: z.number(),
  blocked_count: z.number(),
});
export type CategoriesCountResponse = z.infer<typeof categoriesCountResponse>;

/** The title of the group of custom categories (the account's website groups) on the categories page. */
export const CUSTOM_CATEGORY_GROUP = { key: 'custom', title: 'Custom categories' } as const;

// --- set access ------------------------------------------------------------------------------------

/** 002 §4.3: the switch sends allow or block; ours: inherit removes the node's own rule. */
export const SET_ACCESS_RULES = ['allow', 'block', 'inherit'] as const;
export type SetAccessRule = (typeof SET_ACCESS_RULES)[number];

const subjectIds = {
  website_id: idField.optional(),
  category_id: idField.optional(),
  /** A custom category: the account's website group. */
  custom_category_id: idField.optional(),
  media_id: idField.optional(),
};
export const SUBJECT_ID_FIELDS = ['website_id', 'category_id', 'custom_category_id', 'media_id'] as const;
export type SubjectIdField = (typeof SUBJECT_ID_FIELDS)[number];

/**
 * The subject fields given. Exactly one must be (WEB_ACCESS_MSG.oneSubject): the server checks it
 * after finding each given id in the account, so that another account's id answers as unknown (404)
 * whatever else the body holds.
 */
export function givenSubjectFields(v: Partial<Record<SubjectIdField, number>>): SubjectIdField[] {
  return SUBJECT_ID_FIELDS.filter((k) => v[k] !== undefined);
}

/** POST /node/web_access/websites/access (002 §4.3, §7). */
export const setAccessRequest = z
  .object({
    node_id: z.union([nodeIdField, idField.transform(String)]),
    node_type: nodeType,
    rule: z.enum(SET_ACCESS_RULES, { error: WEB_ACCESS_MSG.ruleUnknown }),
    ...subjectIds,
    /** Ours: the rule applies only inside these weekly windows; null or absent: always. */
    schedule: weeklySchedule.nullable().optional(),
    /** Ours: the rule stops applying at this instant; null or absent: permanent. */
    expires_at: z.iso.datetime({ offset: true, error: WEB_ACCESS_MSG.expiryInvalid }).nullable().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.expires_at && Date.parse(v.expires_at) <= Date.now())
      ctx.addIssue({ code: 'custom', message: WEB_ACCESS_MSG.expiryPast, path: ['expires_at'] });
  });
export type SetAccessRequest = z.input<typeof setAccessRequest>;

// --- media info ------------------------------------------------------------------------------------

export const mediaInfoQuery = z.object({ website_id: idQueryField });
/** 002 §3 'Media info'; missing values are '' (the page shows 'Not specified' / 'No description.'). */
export const mediaInfoResponse = z.object({
  thumbnail: z.string(),
  title: z.string(),
  type: z.string(),
  category: z.string(),
  url: z.string(),
  referer: z.string(),
  description: z.string(),
});
export type MediaInfoResponse = z.infer<typeof mediaInfoResponse>;

// --- "Test a website" -------------------------------------------------------------------------------

export const WEBSITE_TEST_URL_MAX = 2048;
export const testWebsiteRequest = z.object({
  node_id: z.union([nodeIdField, idField.transform(String)]),
  node_type: nodeType,
  url: z.string().trim().min(1, WEB_ACCESS_MSG.urlRequired).max(WEBSITE_TEST_URL_MAX, WEB_ACCESS_MSG.patternInvalid),
});
export type TestWebsiteRequest = z.input<typeof testWebsiteRequest>;

export const traceLine = z.object({
  rule_id: z.number(),
  /** "this device", "the whole account", "the user katie.adams11". */
  scope: z.string(),
  /** "the website example.com (ends with)", "the category Games". */
  subject: z.string(),
  action: ruleAction,
  outcome: z.enum(['won', 'lost']),
  /** Why it lost, in words (LOSS_REASON_LABELS); '' for the winner. */
  reason: z.string(),
  scheduled: z.boolean(),
  expires_at: z.string().nullable(),
  /** Who made it: "an approved request (#77)" or the administrator's name. */
  origin: z.string(),
});
export type TraceLine = z.infer<typeof traceLine>;

export const testWebsiteResponse = z.object({
  decision: ruleAction,
  /** The sentence, as the list rows' explain_allow / explain_block. */
  explanation: z.string(),
  host: z.string(),
  path: z.string(),
  categories: z.array(z.object({ id: z.number(), name: z.string(), locked: z.boolean() })),
  /** What decided: a rule, a provider-locked category, or the account's default. */
  decided_by: z.enum(['rule', 'locked', 'default']),
  trace: z.array(traceLine),
  /** When the decision was taken (ISO): schedules and expiries are read at this instant. */
  at: z.string(),
});
export type TestWebsiteResponse = z.infer<typeof testWebsiteResponse>;

// --- impact preview ---------------------------------------------------------------------------------

/** Request threads one impact preview may name (an approval's batch; ours). */
export const IMPACT_REQUESTS_MAX = 500;
/** Rows the 'also unblocked' part examines at most (ours): beyond it the count is a lower bound. */
export const IMPACT_COVERAGE_MAX = 5_000;
/** Websites the 'also unblocked' part names (ours). */
export const IMPACT_SAMPLE_MAX = 5;

/**
 * POST /node/web_access/impact: what a rule at the account or a connection would change, before it is
 * made. Ours (issue 11 'Impact preview'): the subject may be the websites or media items of request
 * threads (`request_ids`: an approval's preview, one thread or a batch), and `join_group_id` previews a
 * website joining a website group (approve to a website group) instead of a rule of its own; the
 * server checks that it comes with `rule: allow` after finding the ids, so that another account's id
 * answers 404 whatever the rule.
 */
export const impactRequest = z.object({
  /**
   * `requesters_connections` (ours): the server connections of the threads' server-user requesters,
   * where 'Approve for this server connection' puts its allows; only with `request_ids`.
   */
  scope: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('account') }),
    z.object({ kind: z.literal('connection'), id: idField }),
    z.object({ kind: z.literal('requesters_connections') }),
    /** Ours (issue 26): the devices that asked ('Allow for this device'); only with `request_ids`. */
    z.object({ kind: z.literal('requesters_devices') }),
    /** Ours (issue 26): the users who asked ('This user' / 'these users'); only with `request_ids`. */
    z.object({ kind: z.literal('requesters_users') }),
    /** Ours (issue 26): chosen devices ('Approve for selected devices', 'Allow for other selected devices'). */
    z.object({
      kind: z.literal('devices'),
      devices: z
        .array(z.object({ id: deviceIdField, type: deviceKind }))
        .min(1)
        .max(IMPACT_REQUESTS_MAX),
    }),
  ]),
  rule: z.enum(SET_ACCESS_RULES, { error: WEB_ACCESS_MSG.ruleUnknown }),
  ...subjectIds,
  request_ids: z.array(idField).min(1).max(IMPACT_REQUESTS_MAX).optional(),
  join_group_id: idField.optional(),
});
export type ImpactRequest = z.input<typeof impactRequest>;

export const impactResponse = z.object({
  /** Devices and users whose decision for the subject would change. */
  devices_changed: z.number(),
  users_changed: z.number(),
  /** How many devices and users the scope holds. */
  devices_in_scope: z.number(),
  users_in_scope: z.number(),
  /**
   * Ours: what else the change unblocks at the scope: the account's other websites that the new rule
   * (or the group joined) also covers, blocked there now and allowed after; the first few by name.
   */
  also_unblocked: z.object({
    websites: z.number(),
    /** Of them, those with a pending request of their host. */
    with_pending_requests: z.number(),
    sample: z.array(z.object({ id: z.number(), name: z.string() })),
    /** More rows were covered than IMPACT_COVERAGE_MAX: the numbers are lower bounds. */
    partial: z.boolean(),
  }),
});
export type ImpactResponse = z.infer<typeof impactResponse>;
