/**
 * The review team's queue (issue 11): every account's requests sent for review (pending, status tech),
 * websites, media and apps (issue 12), oldest escalation first, with the list kit's table, search,
 * kinds tabs and pager. Each row: Approve for the account, or Deny with notes (a dialog). Decisions
 * answer with a toast; a request another member (or the account) decided meanwhile answers the
 * server's text and leaves the queue on the refresh.
 */
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button, Group, Stack, Text } from '@mantine/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  PAGE_SIZE_DEFAULT,
  PRODUCT_NAME,
  PROVIDER_MSG,
  PROVIDER_QUEUE_KIND_TABS,
  PROVIDER_QUEUE_KINDS,
  PROVIDER_QUEUE_SORTS,
  type ProviderQueueRow,
  type ProviderQueueSort,
} from '@wayguard/contracts';
import {
  FilterTabs,
  ListEmptyState,
  ListLoadError,
  ListPager,
  ListTable,
  SearchBox,
  TimeText,
  type ListColumn,
} from '../../../components/list';
import { QueueSubject } from '../components/QueueSubject';
import { formatDateTime } from '../../../lib/dates';
import { toast } from '../../../lib/toast';
import { ProviderLayout } from '../components/ProviderLayout';
import { DenyDialog } from '../components/DenyDialog';
import { decide, fetchQueue, providerKeys, type QueueParams } from '../api/provider-review';
import { useProviderSession } from '../hooks/use-provider-session';

const isSort = (v: string | null): v is ProviderQueueSort =>
  v !== null && (PROVIDER_QUEUE_SORTS as readonly string[]).includes(v);
type QueueKind = (typeof PROVIDER_QUEUE_KINDS)[number];
const isKind = (v: string | null): v is QueueKind =>
  v !== null && (PROVIDER_QUEUE_KINDS as readonly string[]).includes(v);

export default function ProviderQueuePage() {
  useEffect(() => {
    document.title = `${PRODUCT_NAME} | ${PROVIDER_MSG.title}`;
  }, []);
  const client = useQueryClient();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const count = Number(params.get('count')) || PAGE_SIZE_DEFAULT;
  const sortParam = params.get('sort_by');
  const sortBy: ProviderQueueSort = isSort(sortParam) ? sortParam : 'escalated';
  const reverse = params.get('reverse_order') === '1';
  const search = params.get('query') ?? '';
  const kindParam = params.get('kind');
  const kind: QueueKind = isKind(kindParam) ? kindParam : 'all';
  const set = (patch: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) {
      if (v === null || v === '') next.delete(k);
      else next.set(k, v);
    }
    setParams(next);
  };

  const { session, signOut } = useProviderSession();
  const q: QueueParams = {
    page,
    count,
    sort_by: sortBy,
    reverse_order: reverse ? '1' : undefined,
    query: search || undefined,
    kind: kind === 'all' ? undefined : kind,
  };
  const queue = useQuery({
    queryKey: providerKeys.queue(q),
    queryFn: ({ signal }) => fetchQueue(q, signal),
    enabled: session.isSuccess,
    placeholderData: keepPreviousData,
  });

  const [denying, setDenying] = useState<ProviderQueueRow | null>(null);
  const decision = useMutation({
    mutationFn: decide,
    onSuccess: (r) => {
      toast.success(r.message);
      setDenying(null);
    },
    onError: (e) => {
      toast.error(e.message);
      setDenying(null);
    },
    onSettled: () => client.invalidateQueries({ queryKey: [...providerKeys.all, 'queue'] }),
  });

  if (!session.data) return null;
  const subjectOf = (r: ProviderQueueRow) => (r.app ? r.app.name : r.kind === 'media' && r.title ? r.title : r.website);

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
            aria-label={`${PROVIDER_MSG.approve}: ${subjectOf(r)} (${r.account.name})`}
            disabled={decision.isPending}
            onClick={() => decision.mutate({ id: r.id, kind: r.kind, decision: 'approve' })}
          >
            {PROVIDER_MSG.approve}
          </Button>
          <Button
            size="xs"
            variant="default"
            aria-label={`${PROVIDER_MSG.deny}: ${subjectOf(r)} (${r.account.name})`}
            disabled={decision.isPending}
            onClick={() => setDenying(r)}
          >
            {PROVIDER_MSG.deny}
          </Button>
        </Group>
      ),
    },
  ];

  const rows = queue.data?.requests;
  return (
    <ProviderLayout
      title={PROVIDER_MSG.title}
      staff={{ fullName: session.data.staff.full_name, onSignOut: () => void signOut() }}
    >
      <Group justify="space-between">
        <FilterTabs
          label={PROVIDER_MSG.kindsLabel}
          tabs={PROVIDER_QUEUE_KINDS.map((k) => PROVIDER_QUEUE_KIND_TABS[k])}
          value={PROVIDER_QUEUE_KINDS.indexOf(kind)}
          onChange={(i) => set({ kind: i > 0 ? PROVIDER_QUEUE_KINDS[i]! : null, page: null })}
        />
        <SearchBox
          value={search}
          onSearch={(v) => set({ query: v, page: null })}
          placeholder="Search"
          label={PROVIDER_MSG.searchLabel}
        />
      </Group>
      {queue.isError && !rows ? (
        <ListLoadError title="The review queue could not be loaded" onRetry={() => void queue.refetch()} />
      ) : (
        <>
          <ListTable
            caption="Requests waiting for review"
            columns={columns}
            rows={rows}
            rowKey={(r) => `${r.kind}:${r.id}`}
            busy={queue.isFetching && queue.isPlaceholderData}
            empty={<ListEmptyState text={PROVIDER_MSG.emptyQueue} />}
            sortBy={sortBy}
            reverse={reverse}
            onSort={(s, firstReverse) =>
              set({
                sort_by: s,
                reverse_order: (s === sortBy ? !reverse : firstReverse) ? '1' : null,
                page: null,
              })
            }
          />
          <ListPager
            label="Review queue pages"
            list={{
              state: { page, count },
              total: queue.data?.total_count,
              rows,
              setPage: (p) => set({ page: p > 1 ? String(p) : null }),
              setCount: (c) => set({ count: String(c), page: null }),
              definition: {},
            }}
          />
        </>
      )}
      <DenyDialog
        subject={denying ? subjectOf(denying) : null}
        account={denying?.account.name ?? ''}
        pending={decision.isPending}
        onClose={() => setDenying(null)}
        onSubmit={(notes) =>
          denying && decision.mutate({ id: denying.id, kind: denying.kind, decision: 'deny', notes })
        }
      />
    </ProviderLayout>
  );
}
