/**
 * The block form's rules besides its schema (001 §2.6, §4, §5): the target items each target kind
 * needs (one or several), the body POST /requests/block takes, when Confirm is enabled (the form valid and a target
 * chosen), and the remembered name and e-mail ('Remember these details for next time', local storage).
 */
import type { BlockForm, BlockItem, BlockLookupsResponse, BlockRequestBody, BlockTarget } from '@wayguard/contracts';

/** An item of a target list, keyed '{type}:{id}' in the form. */
export type TargetOption = { value: string; label: string; group: string };

export function targetOptions(
  target: BlockTarget | undefined,
  lookups: BlockLookupsResponse | undefined,
): TargetOption[] {
  if (!lookups || !target) return [];
  switch (target) {
    case 'device':
      return [
        ...lookups.machines.map((d) => ({ value: `machine:${d.id}`, label: d.name || d.id, group: 'PCs' })),
        ...lookups.mobiles.map((d) => ({ value: `mobile:${d.id}`, label: d.name || d.id, group: 'Mobile devices' })),
      ];
    case 'user':
      return [
        ...lookups.users.map((u) => ({ value: `user:${u.id}`, label: u.name, group: 'Console users' })),
        ...lookups.server_users.map((u) => ({ value: `server_user:${u.id}`, label: u.name, group: 'Server users' })),
      ];
    case 'connection':
      return lookups.server_connections.map((c) => ({
        value: `connection:${c.id}`,
        label: c.name,
        group: 'Server connections',
      }));
    case 'global':
      return [];
  }
}

export function parseTarget(value: string | null): BlockItem | null {
  if (!value) return null;
  const at = value.indexOf(':');
  const type = value.slice(0, at) as BlockItem['type'];
  const raw = value.slice(at + 1);
  const id = type === 'machine' || type === 'mobile' ? raw : Number(raw);
  return { id, type };
}

/** A target is chosen: the whole account, or at least one item of the chosen kind. */
export function targetChosen(target: BlockTarget | undefined, items: readonly string[]): boolean {
  if (!target) return false;
  return target === 'global' || items.some((i) => parseTarget(i) !== null);
}

/** Confirm is enabled only when the form is valid and a target is chosen (001 §4). */
export function canConfirmBlock(
  valid: boolean,
  target: BlockTarget | undefined,
  items: readonly string[],
  pending: boolean,
) {
  return valid && targetChosen(target, items) && !pending;
}

/**
 * The body of POST /requests/block: one device as `device`, one user as `user`, one connection as
 * `items[0]`; several targets of any kind as `items`, which api/block.ts sends to /requests/block/batch.
 */
export function blockBody(form: BlockForm, items: readonly string[]): BlockRequestBody {
  const base = { url: form.url, reason: form.reason, for: form.for, notify: { name: form.name, email: form.email } };
  const chosen = items.map(parseTarget).filter((i): i is BlockItem => i !== null);
  if (form.for === 'global' || chosen.length === 0) return base;
  if (chosen.length > 1) return { ...base, items: chosen };
  if (form.for === 'device') return { ...base, device: chosen[0] };
  if (form.for === 'user') return { ...base, user: chosen[0] };
  return { ...base, items: chosen };
}

const REMEMBER_KEY = 'wg.requests.block-notify';

export type RememberedNotify = { name: string; email: string };

export const rememberedNotify = {
  get(storage: Pick<Storage, 'getItem'> = localStorage): RememberedNotify | null {
    try {
      const v = JSON.parse(storage.getItem(REMEMBER_KEY) ?? 'null') as unknown;
      if (v && typeof v === 'object' && 'name' in v && 'email' in v) {
        const { name, email } = v as Record<string, unknown>;
        if (typeof name === 'string' && typeof email === 'string') return { name, email };
      }
    } catch {
      // a broken entry is as good as none
    }
    return null;
  },
  set(value: RememberedNotify | null, storage: Pick<Storage, 'setItem' | 'removeItem'> = localStorage) {
    if (value) storage.setItem(REMEMBER_KEY, JSON.stringify(value));
    else storage.removeItem(REMEMBER_KEY);
  },
};
