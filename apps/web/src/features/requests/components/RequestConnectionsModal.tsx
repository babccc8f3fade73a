/**
 * The 'server connection list' modal (001 §2.5; issue 26): the server connections a website or media
 * thread's connection approval covers, 'No server connections found', a count and Close (the frame:
 * RequestListModal).
 */
import { REQUEST_MSG, type RequestKind } from '@wayguard/contracts';
import { useRequestConnections } from '../api/request-threads';
import { RequestListModal } from './RequestListModal';

type Props = { row: { id: number; type: RequestKind } | null; onClose: () => void };

export function RequestConnectionsModal({ row, onClose }: Props) {
  const connections = useRequestConnections(row?.type ?? 'website', row?.id ?? null);
  return (
    <RequestListModal
      openFor={row ? `${row.type}:${row.id}` : null}
      onClose={onClose}
      title={REQUEST_MSG.requestConnectionsTitle}
      query={connections}
      items={() => connections.data?.connections ?? []}
      itemKey={(c) => String(c.id)}
      renderItem={(c) => c.name}
      noun="server connections"
      empty={REQUEST_MSG.noConnections}
      countText={REQUEST_MSG.connectionsCount}
    />
  );
}
