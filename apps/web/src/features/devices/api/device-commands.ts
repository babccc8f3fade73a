/**
 * GET /devices/commands (ours, docs/decisions/devices.md "Commands card"): the commands sent to the device, newest
 * first, each with its state. Refetched every 15 seconds while any command is still open; when a command's state
 * changes, the device's timeline (which lists the change) is refetched too.
 */
import { useEffect, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { DeviceCommandsResponse, DeviceKind } from '@wayguard/contracts';
import { api } from '../../../lib/api-client';
import { anyCommandOpen } from '../lib/command-text';
import { devicesKeys } from './keys';

export const COMMANDS_POLL_MS = 15_000;

export function useDeviceCommands(type: DeviceKind, id: string) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: devicesKeys.commands(type, id),
    queryFn: ({ signal }) =>
      api.get<DeviceCommandsResponse>('/devices/commands', { id, type }, { signal, quiet: true }),
    refetchInterval: (query) => (anyCommandOpen(query.state.data?.commands ?? []) ? COMMANDS_POLL_MS : false),
  });
  const states = query.data?.commands.map((c) => `${c.id}:${c.state}`).join(',');
  const seen = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (states === undefined) return;
    if (seen.current !== undefined && seen.current !== states)
      void queryClient.invalidateQueries({ queryKey: devicesKeys.timeline(type, id) });
    seen.current = states;
  }, [states, queryClient, type, id]);
  return query;
}
