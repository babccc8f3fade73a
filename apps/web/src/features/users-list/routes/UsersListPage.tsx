/**
 * Users List (000 §2.7): search, filters, sortable table, pager, export and Create User. The list's
 * state lives in the address and local storage (components/list); create_user=1 opens the create
 * dialog once and leaves the address.
 */
import { useEffect, useState } from 'react';
import { Alert, Button, Group, Stack, Title } from '@mantine/core';
import { IconAlertCircle, IconUserPlus } from '@tabler/icons-react';
import {
  defaultFilters,
  ExportButton,
  FilterPopup,
  ListPagination,
  pageCount,
  SearchBox,
  useListState,
} from '../../../components/list';
import { UserNoteDialog } from '../../../components/users/UserNoteDialog';
import { userDisplayName } from '../../../components/users/user-labels';
import { useRegistrationInfo } from '../../../lib/api/registration-info';
import { usePageTitle } from '../../../lib/page-title';
import { useUsersExport } from '../api/users-export';
import { useUsersList } from '../api/users-list';
import { CreateUserDialog } from '../components/CreateUserDialog';
import { UsersTable } from '../components/UsersTable';
import { useRowActions } from '../hooks/use-row-actions';
import { USER_FILTER_GROUPS, usersListConfig } from '../lib/users-list-config';

const TITLE = 'Users List';
const NO_FILTERS = defaultFilters(usersListConfig);

export default function UsersListPage() {
  usePageTitle(TITLE);
  const info = useRegistrationInfo();
  // The saved view is the signed-in user's own.
  const list = useListState(usersListConfig, { scope: String(info.user_id) });
  const { state } = list;
  const users = useUsersList(list.apiParams);
  const exportUsers = useUsersExport();
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

  const data = users.data;
  // A page beyond the end (rows deleted, or an old link) moves to the last page there is.
  const lastPage = data ? pageCount(state.page, state.count, data.total_count, data.users.length) : 1;
  const { setPage } = list;
  useEffect(() => {
    if (data && !users.isPlaceholderData && data.users.length === 0 && data.total_count > 0 && state.page > lastPage)
      setPage(lastPage, { replace: true });
  }, [data, users.isPlaceholderData, state.page, lastPage, setPage]);

  const noteTarget = actions.note.target;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1}>{TITLE}</Title>
        {canCreate && (
          <Button leftSection={<IconUserPlus size={18} aria-hidden="true" />} onClick={() => setCreateOpen(true)}>
            Create User
          </Button>
        )}
      </Group>

      <Group justify="space-between" gap="sm" wrap="wrap">
        <SearchBox value={state.query} onSearch={list.setQuery} placeholder="Search users..." label="Search users" />
        <Group gap="sm" wrap="wrap">
          <FilterPopup
            groups={USER_FILTER_GROUPS}
            value={state.filters}
            defaults={NO_FILTERS}
            onApply={list.setFilters}
          />
          <ExportButton
            onExport={() => exportUsers.mutateAsync(list.exportParams)}
            progressText="Preparing the users export…"
          />
        </Group>
      </Group>

      {users.isError && !data ? (
        <Alert
          color="red"
          variant="outline"
          icon={<IconAlertCircle aria-hidden="true" />}
          title="The users could not be loaded"
        >
          <Button variant="default" size="xs" mt="xs" onClick={() => void users.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : (
        <UsersTable
          rows={data?.users}
          busy={users.isFetching && users.isPlaceholderData}
          sortBy={state.sortBy}
          reverse={state.reverse}
          onSort={list.chooseSort}
          viewer={{ userId: info.user_id, admin }}
          onAction={actions.run}
        />
      )}

      {data && data.total_count !== 0 && (
        <ListPagination
          label="Users pages"
          page={state.page}
          count={state.count}
          total={data.total_count}
          rowsOnPage={data.users.length}
          onPageChange={(p) => setPage(p)}
          onCountChange={list.setCount}
        />
      )}

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
    </Stack>
  );
}
