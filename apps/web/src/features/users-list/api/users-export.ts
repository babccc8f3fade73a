/** GET /users/export (000 §7, §7.3): the whole filtered, sorted list as base64 XLSX and a file name. */
import { useMutation } from '@tanstack/react-query';
import type { ExportResponse } from '@wayguard/contracts';
import type { ListApiParams } from '../../../components/list';
import { api } from '../../../lib/api-client';

export function fetchUsersExport(params: ListApiParams): Promise<ExportResponse> {
  // quiet: the export button shows the server's own text (e.g. too many exports at once).
  return api.get<ExportResponse>('/users/export', params, { quiet: true });
}

/** An export is an action the user starts, not data the screen shows: a mutation, never cached. */
export function useUsersExport() {
  return useMutation({ mutationFn: fetchUsersExport });
}
