/**
 * The approval dialog's impact preview (issue 11 'Impact preview'; docs/decisions/requests.md
 * "Requests: impact preview and keyboard triage"; issue 26): every approval shows one — the whole account (one row or a
 * batch), the subject's category, a website group once chosen, the requesters' server connection, the devices that
 * asked, the users who asked, chosen devices once chosen — the call each makes, and the sentences that say how many
 * devices and users it unblocks and what else it unblocks.
 */
import type { ApproveOption, ImpactRequest, ImpactResponse, RequestItem } from '@wayguard/contracts';

/** A chosen device of 'Approve for selected devices' / 'Allow for other selected devices'. */
export type ChosenDevice = { id: string; type: 'machine' | 'mobile' };

/**
 * The preview's call for an approval: every approval scope has one (issue 26), or null until the
 * dialog has what it needs (the group, at least one device) and for the plain 'approve' (no menu offers it).
 */
export function impactRequestFor(
  option: Pick<ApproveOption, 'action' | 'needs'>,
  rows: readonly Pick<RequestItem, 'id' | 'category_id'>[],
  groupId: number | null,
  devices: readonly ChosenDevice[] = [],
): ImpactRequest | null {
  if (rows.length === 0) return null;
  const base = { scope: { kind: 'account' as const }, rule: 'allow' as const };
  const ids = rows.map((r) => r.id);
  const chosen = () =>
    devices.length === 0
      ? null
      : { ...base, scope: { kind: 'devices' as const, devices: [...devices] }, request_ids: ids };
  switch (option.action) {
    case 'approve_and_add_to_company_whitelist':
      return { ...base, request_ids: ids };
    case 'approve_and_add_to_category':
      return rows[0]!.category_id > 0 ? { ...base, category_id: rows[0]!.category_id } : null;
    case 'approve_and_add_to_website_group':
      return groupId === null ? null : { ...base, request_ids: ids, join_group_id: groupId };
    case 'approve_and_add_to_connection_whitelist':
      return { ...base, scope: { kind: 'requesters_connections' }, request_ids: ids };
    case 'approve_and_add_to_device_whitelist':
      return option.needs === 'devices'
        ? chosen()
        : { ...base, scope: { kind: 'requesters_devices' }, request_ids: ids };
    case 'add_to_device_whitelist':
      return chosen();
    case 'approve_and_add_to_user_whitelist':
      return { ...base, scope: { kind: 'requesters_users' }, request_ids: ids };
    default:
      return null;
  }
}

/** How the preview names the members of a scope other than the account. */
const WHERE: Record<Exclude<ImpactRequest['scope']['kind'], 'account'>, { of: string; empty: string }> = {
  connection: { of: ' of the server connection', empty: 'the server connection has no active devices or users' },
  requesters_connections: {
    of: ' of the server connection',
    empty: 'the server connection has no active devices or users',
  },
  requesters_devices: { of: ' of the devices that asked', empty: 'no active device asked for it' },
  requesters_users: { of: ' of the users who asked and their devices', empty: 'no active user asked for it' },
  devices: { of: ' of the chosen devices', empty: 'none of the chosen devices is active' },
};

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * How many devices and users the approval unblocks, of those the scope holds: the account, the server
 * connection of the requesters, the devices that asked, the users who asked (and their devices), or
 * the chosen devices.
 */
export function membersText(
  r: Pick<ImpactResponse, 'devices_changed' | 'devices_in_scope' | 'users_changed' | 'users_in_scope'>,
  scope: ImpactRequest['scope']['kind'] = 'account',
): string {
  const where = scope === 'account' ? '' : WHERE[scope].of;
  if (r.devices_in_scope === 0 && r.users_in_scope === 0 && scope !== 'account')
    return `It unblocks nothing: ${WHERE[scope].empty}.`;
  if (r.devices_changed === 0 && r.users_changed === 0)
    return 'It unblocks nothing for any device or user: none of them is blocked from this now.';
  return `It unblocks this for ${r.devices_changed} of ${plural(r.devices_in_scope, 'device', 'devices')} and ${r.users_changed} of ${plural(r.users_in_scope, 'user', 'users')}${where}.`;
}

/** What else it unblocks: other blocked websites, a few by name, and how many of them wait on a request. */
export function alsoText(a: ImpactResponse['also_unblocked']): string {
  if (a.websites === 0) return 'It unblocks no other website.';
  const atLeast = a.partial ? 'at least ' : '';
  const names = a.sample.map((s) => s.name);
  const more = a.websites - names.length;
  const list = more > 0 ? `${names.join(', ')} and ${more} more` : names.join(', ');
  const pending =
    a.with_pending_requests > 0
      ? ` ${a.with_pending_requests === 1 ? '1 of them has' : `${atLeast}${a.with_pending_requests} of them have`} a pending request.`
      : '';
  return `It also unblocks ${atLeast}${plural(a.websites, 'other blocked website', 'other blocked websites')}: ${list}.${pending}`;
}
