/**
 * Users List (000 §2.7): search, filters, sortable table, pager, export and Create User. The list
 * controller (components/list) owns the address, the saved view, fetching, errors and paging from the
 * list's declaration (lib/users-list-config.ts); create_user=1 opens the create dialog once and leaves
 * the address.
 */
import { useEffect, useState } from 'react';
import { Button } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { FlagsFilterPopup, ListScreen, useListController } from '../../../components/list';
import { UserNoteDialog } from '../components/UserNoteDialog';
import { userDisplayName } from '../lib/user-labels';
import { useRegistrationInfo } from '../../../api/registration-info';
import { usePageTitle } from '../../../lib/page-title';
import { CreateUserDialog } from '../components/CreateUserDialog';
import { UsersTable } from '../components/UsersTable';
import { useRowActions } from '../hooks/use-row-actions';
import { USER_FILTER_GROUPS, usersList } from '../lib/users-list-config';

const TITLE = 'Users List';

export default function UsersListPage() {
  usePageTitle(TITLE);
  const info = useRegistrationInfo();
  const list = useListController(usersList);
  const actions = useRowActions();

  // Creating users is a Console Admin's, in an account that allows it (000 §6; the server checks both).
  const admin = info.user_type === 'console_admin';
  const canCreate = admin && info.access_permissions.allow_user_creation;
  const [createOpen, setCreateOpen] = useState(false);

  // create_user=1 opens the dialog once (for those who may create) and is then removed from the address.
  const wantsCreate = list.params.get('create_user') === '1';
  const [createAsked, setCreateAsked] = useState(false);
  if (wantsCreate !== createAsked) {
    setCreateAsked(wantsCreate);
    if (wantsCreate && canCreate) setCreateOpen(true);
  }
  const { dropParam } = list;
  useEffect(() => {
    if (wantsCreate) dropParam('create_user');
  }, [wantsCreate, dropParam]);

  const noteTarget = actions.note.target;

  return (
    <ListScreen
      list={list}
      title={TITLE}
      actions={
        canCreate && (
          <Button leftSection={<IconUserPlus size={18} aria-hidden="true" />} onClick={() => setCreateOpen(true)}>
            Create User
          </Button>
        )
      }
      search={{ placeholder: 'Search users...', label: 'Search users' }}
      toolbar={<FlagsFilterPopup list={list} groups={USER_FILTER_GROUPS} />}
      exportProgress="Preparing the users export…"
      errorTitle="The users could not be loaded"
      table={(table) => <UsersTable {...table} viewer={{ userId: info.user_id, admin }} onAction={actions.run} />}
      pagerLabel="Users pages"
    >
      {canCreate && (
        <CreateUserDialog
          opened={createOpen}
          onClose={() => setCreateOpen(false)}
          timeZones={info.time_zones}
          countryCodes={info.country_codes}
        />
      )}

      <UserNoteDialog
        opened={actions.note.opened}
        action={noteTarget?.action ?? 'deactivate'}
        userName={noteTarget ? userDisplayName(noteTarget.row) : ''}
        pending={actions.note.pending}
        onClose={actions.note.close}
        onConfirm={actions.note.confirm}
      />
    </ListScreen>
  );
}
