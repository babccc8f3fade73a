/**
 * The app request calls (001 §7 'App requests'): GET /app_requests and GET /app_requests/export (the
 * lists, declared once for the list controller), POST /app_requests (deny, cancel, request review),
 * POST /app_requests/app (the approval dialog) and GET /app_requests/devices (ours: the Request Devices
 * modal of a thread asked from several mobiles). An action refetches every requests query, the menu's
 * counts and the app's details (its request and assignments changed).
 */
import { useQuery } from '@tanstack/react-query';
import {
  appRequestsListQuery,
  appRequestsListResponse,
  type AppApprovalBody,
  type AppApprovalResponse,
  type AppRequestActionBody,
  type AppRequestActionResponse,
  type AppRequestDevicesResponse,
} from '@wayguard/contracts';
import { appDetailKey } from '../../../api/app-detail';
import { registrationInfoKey } from '../../../api/registration-info';
import { statsQuery } from '../../../api/stats';
import { api } from '../../../lib/api-client';
import type { ActionDef } from '../../../lib/use-action';
import { requestsKeys } from './keys';

export const appRequestsListEndpoint = {
  endpoint: '/app_requests',
  query: appRequestsListQuery,
  response: appRequestsListResponse,
  queryKey: requestsKeys.appLists(),
};

export const appRequestsExportEndpoint = { exportEndpoint: '/app_requests/export' };

const afterAppAction = (packages: readonly string[]) => [
  requestsKeys.all,
  statsQuery.queryKey,
  registrationInfoKey,
  ...packages.map(appDetailKey),
];

export const appRequestAction: ActionDef<AppRequestActionBody, AppRequestActionResponse> = {
  send: (body) => api.post<AppRequestActionResponse>('/app_requests', body, { quiet: true }),
  refresh: (body) => afterAppAction(body.package_name),
};

/**
 * The approval's answer without its `success`: a refused approval (an AC code in its result) is shown by
 * the result toasts like any other action's, not as the generic failure of `success: false`.
 */
export type AppApprovalAnswer = Omit<AppApprovalResponse, 'success'>;

export const appApprovalAction: ActionDef<AppApprovalBody, AppApprovalAnswer> = {
  send: async (body) => {
    const { success: _success, ...answer } = await api.post<AppApprovalResponse>('/app_requests/app', body, {
      quiet: true,
    });
    return answer;
  },
  refresh: (body) => afterAppAction([body.package_name]),
};

export function useAppRequestDevices(id: number | null) {
  return useQuery({
    queryKey: requestsKeys.appDevices(id ?? 0),
    queryFn: ({ signal }) =>
      api.get<AppRequestDevicesResponse>('/app_requests/devices', { id: id ?? 0 }, { signal, quiet: true }),
    enabled: id !== null,
  });
}
