/**
 * The apps pages' calls (002 §7): GET /devices/mobile_apps (a device's or a user's apps; declared once
 * for the list controller), POST /apps/user and POST /devices/mobile_apps/assigned (assign or
 * unassign), and the mobiles of a device's user (GET /devices/mobile_apps by user_id, its first
 * page of the smallest size: its `devices`), which the Assignment Confirmation lists. An assignment refetches the apps lists, the
 * app's details (its assigned users) and the device's commands.
 */
import { useQuery } from '@tanstack/react-query';
import {
  PAGE_SIZES,
  mobileAppsQuery,
  mobileAppsResponse,
  type AppAssignResponse,
  type DeviceAppAssignBody,
  type MobileAppsResponse,
  type UserAppAssignBody,
} from '@wayguard/contracts';
import { appDetailKey } from '../../../api/app-detail';
import { api } from '../../../lib/api-client';
import type { ActionDef } from '../../../lib/use-action';
import { appsKeys } from './keys';

export const mobileAppsEndpoint = {
  endpoint: '/devices/mobile_apps',
  query: mobileAppsQuery,
  response: mobileAppsResponse,
  queryKey: appsKeys.lists(),
};

/** The assignment of one app on a page: to a user, or to a device (by its serial). */
export type AssignVars = ({ to: 'user'; body: UserAppAssignBody } | { to: 'device'; body: DeviceAppAssignBody }) & {
  packageName: string;
};

export const assignAction: ActionDef<AssignVars, AppAssignResponse> = {
  send: (vars) =>
    vars.to === 'user'
      ? api.post<AppAssignResponse>('/apps/user', vars.body, { quiet: true })
      : api.post<AppAssignResponse>('/devices/mobile_apps/assigned', vars.body, { quiet: true }),
  refresh: (vars) => [appsKeys.all, appDetailKey(vars.packageName), ['devices', 'device']],
};

/** The mobiles of a device's user (their apps list's `devices`), while the page needs them. */
export function useUserMobiles(userId: number | null) {
  return useQuery({
    queryKey: appsKeys.userMobiles(userId ?? 0),
    queryFn: ({ signal }) =>
      api.get<MobileAppsResponse>(
        '/devices/mobile_apps',
        { user_id: userId ?? 0, count: PAGE_SIZES[0] },
        { signal, quiet: true },
      ),
    select: (r) => r.devices,
    enabled: userId !== null,
    staleTime: 30_000,
  });
}
