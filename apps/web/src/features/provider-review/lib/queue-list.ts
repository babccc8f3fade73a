/**
 * The review team's queue (issue 11) as a declared list: GET /queue through the team's API, oldest
 * escalation first, searchable, with the kinds as tabs (`kind`). Its address holds only what differs
 * from the defaults and it keeps no saved view (`address: 'changes'`): the team's links read
 * /provider and /provider?kind=website as they always have.
 */
import {
  PROVIDER_QUEUE_KINDS,
  PROVIDER_QUEUE_SORTS,
  providerQueueQuery,
  providerQueueResponse,
  type ProviderQueueRow,
} from '@wayguard/contracts';
import { choiceFilter, defineList } from '../../../components/list';
import { providerKeys } from '../api/provider-review';

export const queueList = defineList({
  key: 'provider-queue',
  endpoint: '/queue',
  query: providerQueueQuery,
  response: providerQueueResponse,
  queryKey: providerKeys.queue(),
  address: 'changes',
  rows: (r) => r.requests,
  total: (r) => r.total_count,
  rowKey: (r: ProviderQueueRow) => `${r.kind}:${r.id}`,
  sorts: PROVIDER_QUEUE_SORTS,
  defaultSort: 'escalated',
  filters: {
    kind: choiceFilter({ param: 'kind', options: PROVIDER_QUEUE_KINDS, initial: 'all', apiParam: 'kind' as const }),
  },
});

/** What a row is about: its app, its media item's title, else its website. */
export const queueSubject = (r: ProviderQueueRow) =>
  r.app ? r.app.name : r.kind === 'media' && r.title ? r.title : r.website;
