/**
 * What a For value that is a popup opens (001 §2.4, §2.5; issue 26): Request Devices, or for a website or
 * media row approved for several users or server connections (`for.popup`) the user list or the server
 * connection list. The row is the table's: an app row or a request row.
 */
import type { ForPopup, RequestKind } from '@wayguard/contracts';
import { RequestConnectionsModal } from './RequestConnectionsModal';
import { RequestDevicesModal, type DevicesOf } from './RequestDevicesModal';
import { RequestUsersModal } from './RequestUsersModal';

type Props = { row: (DevicesOf & { for?: { popup?: ForPopup } }) | null; onClose: () => void };

export function ForListModals({ row, onClose }: Props) {
  const popup = row?.for?.popup ?? 'devices';
  const web = row && row.type !== 'app' ? { id: row.id, type: row.type as RequestKind } : null;
  return (
    <>
      <RequestDevicesModal row={popup === 'devices' ? row : null} onClose={onClose} />
      <RequestUsersModal row={popup === 'users' ? web : null} onClose={onClose} />
      <RequestConnectionsModal row={popup === 'connections' ? web : null} onClose={onClose} />
    </>
  );
}
