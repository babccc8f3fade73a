/**
 * The review team's queue (issue 11): every account's requests sent for review (pending, status tech),
 * websites, media and apps (issue 12), oldest escalation first, with the list kit's table, search,
 * kinds tabs and pager (a declared list: lib/queue-list.ts). Each row: Approve for the account, or Deny with notes (a dialog). Decisions
 * answer with a toast; a request another member (or the account) decided meanwhile answers the
 * server's text and leaves the queue on the refresh.
 */
import { useEffect, useMemo, useState } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import {
  PRODUCT_NAME,
  PROVIDER_MSG,
  PROVIDER_QUEUE_KIND_TABS,
  PROVIDER_QUEUE_KINDS,
  type ProviderQueueRow,
  type ProviderQueueSort,
} from '@wayguard/contracts';
import {
  FilterTabs,
  ListContext,
  ListEmptyState,
  ListLoadError,
  ListPager,
  ListTable,
  SearchBox,
  TimeText,
  useListController,
  type ListColumn,
} from '../../../components/list';
import { providerApi } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/dates';
import { useAction } from '../../../lib/use-action';
import { QueueSubject } from '../components/QueueSubject';
import { ProviderLayout } from '../components/ProviderLayout';
import { DenyDialog } from '../components/DenyDialog';
import { providerDecideAction } from '../api/provider-review';
import { useProviderSession } from '../hooks/use-provider-session';
import { queueList, queueSubject } from '../lib/queue-list';

export default function ProviderQueuePage() {
  useEffect(() => {
    document.title = `${PRODUCT_NAME} | ${PROVIDER_MSG.title}`;
  }, []);
  const { session, signOut } = useProviderSession();
  const staffId = session.data?.staff.id;
  const lists = useMemo(() => (staffId === undefined ? null : { client: providerApi, viewer: staffId }), [staffId]);
  // The queue is asked for once the session is known (a signed-out visit asks for nothing).
  if (!session.data || !lists) return null;
  return (
    <ProviderLayout
      title={PROVIDER_MSG.title}
      staff={{ fullName: session.data.staff.full_name, onSignOut: () => void signOut() }}
    >
      <ListContext value={lists}>
        <Queue />
      </ListContext>
    </ProviderLayout>
  );
}

function Queue() {
  const list = useListController(queueList);
  const { state } = list;
  const [denying, setDenying] = useState<ProviderQueueRow | null>(null);
  const decision = useAction({ ...providerDecideAction, success: (r) => r.message });
  const decide = async (vars: Parameters<typeof decision.run>[0]) => {
    await decision.run(vars);
    setDenying(null);
  };

  const columns: ListColumn<ProviderQueueRow, ProviderQueueSort>[] = [
    {
      key: 'website',
      header: 'Request',
      rowHeader: true,
      sort: { key: 'website', kind: 'text' },
      render: (r) => <QueueSubject row={r} />,
    },
    {
      key: 'account',
      header: 'Account',
      sort: { key: 'account', kind: 'text' },
      render: (r) => <Text size="sm">{r.account.name}</Text>,
    },
    {
      key: 'escalated',
      header: 'Escalated by and reason',
      sort: { key: 'escalated', kind: 'date' },
      render: (r) => (
        <Stack gap={2}>
          <Text size="sm">
            {r.escalated_by || 'Unknown'}, <TimeText unixSeconds={r.escalated}>{formatDateTime(r.escalated)}</TimeText>
          </Text>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {r.review_reason || 'No reason given'}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'requested',
      header: 'Requested',
      sort: { key: 'requested', kind: 'date' },
      render: (r) => <TimeText unixSeconds={r.requested}>{formatDateTime(r.requested)}</TimeText>,
    },
    {
      key: 'actions',
      header: 'Actions',
      hideHeader: true,
      render: (r) => (
        <Group gap="xs" wrap="nowrap">
          <Button
            size="xs"
            aria-label={`${PROVIDER_MSG.approve}: ${queueSubject(r)} (${r.account.name})`}
            disabled={decision.pending}
            onClick={() => void decide({ id: r.id, kind: r.kind, decision: 'approve' })}
          >
            {PROVIDER_MSG.approve}
          </Button>
          <Button
            size="xs"
            variant="default"
            aria-label={`${PROVIDER_MSG.deny}: ${queueSubject(r)} (${r.account.name})`}
            disabled={decision.pending}
            onClick={() => setDenying(r)}
          >
            {PROVIDER_MSG.deny}
          </Button>
        </Group>
      ),
    },
  ];

  return (
    <>
      <Group justify="space-between">
        <FilterTabs
          label={PROVIDER_MSG.kindsLabel}
          tabs={PROVIDER_QUEUE_KINDS.map((k) => PROVIDER_QUEUE_KIND_TABS[k])}
          value={PROVIDER_QUEUE_KINDS.indexOf(state.filters.kind ?? 'all')}
          onChange={(i) => list.setFilter('kind', PROVIDER_QUEUE_KINDS[i] ?? 'all')}
        />
        <SearchBox value={state.query} onSearch={list.setQuery} placeholder="Search" label={PROVIDER_MSG.searchLabel} />
      </Group>
      {list.error ? (
        <ListLoadError title="The review queue could not be loaded" onRetry={list.retry} />
      ) : (
        <>
          <ListTable
            caption="Requests waiting for review"
            columns={columns}
            rows={list.rows}
            rowKey={queueList.rowKey}
            busy={list.busy}
            empty={<ListEmptyState text={PROVIDER_MSG.emptyQueue} />}
            sortBy={state.sortBy}
            reverse={state.reverse}
            onSort={list.chooseSort}
          />
          <ListPager label="Review queue pages" list={list} />
        </>
      )}
      <DenyDialog
        subject={denying ? queueSubject(denying) : null}
        account={denying?.account.name ?? ''}
        pending={decision.pending}
        onClose={() => setDenying(null)}
        onSubmit={(notes) => denying && void decide({ id: denying.id, kind: denying.kind, decision: 'deny', notes })}
      />
    </>
  );
}
