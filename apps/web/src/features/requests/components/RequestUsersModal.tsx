/**
 * The 'user list' modal (001 §2.5; issue 26): the users a website or media thread's user approval covers,
 * with the user filter All / Console / Server (001 §3), 'No users found', a count and Close (the frame:
 * RequestListModal).
 */
import { REQUEST_MSG, REQUEST_USER_CHIPS, usersOfChip, type RequestKind } from '@wayguard/contracts';
import { useRequestUsers } from '../api/request-threads';
import { RequestListModal } from './RequestListModal';

type Props = { row: { id: number; type: RequestKind } | null; onClose: () => void };

const KIND_LABEL = { user: 'Console user', server_user: 'Server user', local_user: 'Local user' } as const;

export function RequestUsersModal({ row, onClose }: Props) {
  const users = useRequestUsers(row?.type ?? 'website', row?.id ?? null);
  return (
    <RequestListModal
      openFor={row ? `${row.type}:${row.id}` : null}
      onClose={onClose}
      title={REQUEST_MSG.requestUsersTitle}
      chips={{ label: 'User type', options: REQUEST_USER_CHIPS }}
      query={users}
      items={(chip) => usersOfChip(users.data?.users ?? [], chip)}
      itemKey={(u) => `${u.kind}-${u.id}`}
      renderItem={(u) => `${u.name} (${KIND_LABEL[u.kind]})`}
      noun="users"
      empty={REQUEST_MSG.noUsers}
      countText={REQUEST_MSG.usersCount}
    />
  );
}
