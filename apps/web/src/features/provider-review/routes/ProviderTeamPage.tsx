/**
 * The review team's own page (issue 25): every member with their username, status, last sign-in and
 * whether two-factor is set up; Deactivate (after a confirmation) on each other active member. The
 * signed-in member's own row has no Deactivate (a member cannot deactivate themself, so the last active
 * member stays). The answer, or the server's refusal (e.g. the other member deactivated you meanwhile),
 * is a toast; the list then refreshes.
 */
import { useEffect, useState } from 'react';
import { Badge, Button, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PRODUCT_NAME, PROVIDER_TEAM_MSG, type ProviderTeamMember } from '@wayguard/contracts';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ListEmptyState, ListLoadError, ListTable, TimeText, type ListColumn } from '../../../components/list';
import { formatDateTime } from '../../../lib/dates';
import { toast } from '../../../lib/toast';
import { ProviderLayout } from '../components/ProviderLayout';
import { deactivateMember, fetchTeam, providerKeys } from '../api/provider-review';
import { useProviderSession } from '../hooks/use-provider-session';

export default function ProviderTeamPage() {
  useEffect(() => {
    document.title = `${PRODUCT_NAME} | ${PROVIDER_TEAM_MSG.title}`;
  }, []);
  const client = useQueryClient();
  const { session, signOut } = useProviderSession();
  const team = useQuery({
    queryKey: providerKeys.team(),
    queryFn: ({ signal }) => fetchTeam(signal),
    enabled: session.isSuccess,
  });
  const [confirming, setConfirming] = useState<ProviderTeamMember | null>(null);
  const deactivation = useMutation({
    mutationFn: deactivateMember,
    onSuccess: (r) => toast.success(r.message),
    onError: (e) => toast.error(e.message),
    onSettled: () => {
      setConfirming(null);
      return client.invalidateQueries({ queryKey: providerKeys.team() });
    },
  });

  if (!session.data) return null;
  const me = session.data.staff.id;

  const columns: ListColumn<ProviderTeamMember, 'none'>[] = [
    {
      key: 'name',
      header: 'Name',
      rowHeader: true,
      render: (m) => (
        <Text size="sm" fw={500}>
          {m.full_name} {m.id === me ? PROVIDER_TEAM_MSG.you : ''}
        </Text>
      ),
    },
    { key: 'username', header: 'Username', render: (m) => <Text size="sm">{m.username}</Text> },
    {
      key: 'status',
      header: 'Status',
      render: (m) =>
        m.status === 'active' ? (
          <Badge color="green" variant="light">
            {PROVIDER_TEAM_MSG.active}
          </Badge>
        ) : (
          <Badge color="gray" variant="light">
            {PROVIDER_TEAM_MSG.deactivatedStatus}
          </Badge>
        ),
    },
    {
      key: 'last_sign_in',
      header: 'Last sign-in',
      render: (m) =>
        m.last_sign_in ? (
          <TimeText unixSeconds={m.last_sign_in}>{formatDateTime(m.last_sign_in)}</TimeText>
        ) : (
          <Text size="sm">{PROVIDER_TEAM_MSG.neverSignedIn}</Text>
        ),
    },
    {
      key: 'two_factor',
      header: 'Two-factor',
      render: (m) => (
        <Text size="sm">{m.two_factor ? PROVIDER_TEAM_MSG.twoFactorSet : PROVIDER_TEAM_MSG.twoFactorNotSet}</Text>
      ),
    },
    {
      key: 'actions',
      header: 'Actions',
      hideHeader: true,
      render: (m) =>
        m.status === 'active' && m.id !== me ? (
          <Button
            size="xs"
            variant="default"
            color="red"
            aria-label={`${PROVIDER_TEAM_MSG.deactivate} ${m.full_name}`}
            disabled={deactivation.isPending}
            onClick={() => setConfirming(m)}
          >
            {PROVIDER_TEAM_MSG.deactivate}
          </Button>
        ) : null,
    },
  ];

  const rows = team.data?.members;
  return (
    <ProviderLayout
      title={PROVIDER_TEAM_MSG.title}
      staff={{ fullName: session.data.staff.full_name, onSignOut: () => void signOut() }}
    >
      {team.isError && !rows ? (
        <ListLoadError title="The review team could not be loaded" onRetry={() => void team.refetch()} />
      ) : (
        <ListTable
          caption={PROVIDER_TEAM_MSG.tableLabel}
          columns={columns}
          rows={rows}
          rowKey={(m) => m.id}
          empty={<ListEmptyState text={PROVIDER_TEAM_MSG.empty} />}
          sortBy="none"
          reverse={false}
          onSort={() => undefined}
        />
      )}
      <ConfirmDialog
        opened={confirming !== null}
        title={PROVIDER_TEAM_MSG.confirmTitle}
        confirmLabel={PROVIDER_TEAM_MSG.deactivate}
        danger
        pending={deactivation.isPending}
        onClose={() => setConfirming(null)}
        onConfirm={() => confirming && deactivation.mutate(confirming.id)}
      >
        {confirming ? PROVIDER_TEAM_MSG.confirmText(confirming.full_name) : null}
      </ConfirmDialog>
    </ProviderLayout>
  );
}
