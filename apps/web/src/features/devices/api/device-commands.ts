/**
 * GET /devices/commands (ours, docs/decisions.md): the commands sent to the device, newest first, each
 * with its state. Refetched every 15 seconds while any command is still open.
 */
import { useQuery } from '@tanstack/react-query';
import type { DeviceCommandsResponse, DeviceKind } from '@wayguard/contracts';
import { api } from '../../../lib/api-client';
import { anyCommandOpen } from '../lib/command-text';
import { devicesKeys } from './keys';

export const COMMANDS_POLL_MS = 15_000;

export function useDeviceCommands(type: DeviceKind, id: string) {
  return useQuery({
    queryKey: devicesKeys.commands(type, id),
    queryFn: ({ signal }) =>
      api.get<DeviceCommandsResponse>('/devices/commands', { id, type }, { signal, quiet: true }),
    refetchInterval: (query) => (anyCommandOpen(query.state.data?.commands ?? []) ? COMMANDS_POLL_MS : false),
  });
}
