/**
 * A node's categories (002 §2.3; a server user's, §2.9): search 'Find category...' on Enter or the
 * search icon (the search is kept in the address); after a search every panel opens, clearing it
 * closes them all; accordions per group with each category's switch, why and schedule. A list that
 * cannot be loaded goes to the devices list or /users.
 */
import { useState } from 'react';
import { Group, Skeleton, Stack, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { SearchBox, cleanQuery } from '../../../components/list';
import { useCategories } from '../api/categories';
import { CategoryGroups } from '../components/CategoryGroups';
import { ReplaceRuleDialog } from '../components/ReplaceRuleDialog';
import { ScheduleModal } from '../components/ScheduleModal';
import { NodePage } from '../components/NodePage';
import { useAccessTools } from '../hooks/use-access-tools';
import { useLeaveOnLoadError } from '../hooks/use-node-page';
import { openPanels, panelsAfterSearch, type Panels } from '../lib/category-panels';
import { isAccount, type WebAccessNode } from '../lib/node';
import { accountClassicLink } from '../lib/classic-links';
import { HeaderLinks } from '../components/HeaderLinks';

const TITLE = 'Categories';

export default function CategoriesPage() {
  return <NodePage title={TITLE} screen={(node) => <CategoriesScreen node={node} />} />;
}

function CategoriesScreen({ node }: { node: WebAccessNode }) {
  const [params, setParams] = useSearchParams();
  const query = cleanQuery(params.get('query') ?? '');
  const categories = useCategories(node, query);
  const { info, changes, schedule, canChange } = useAccessTools(node);
  useLeaveOnLoadError(node, categories.isError && !categories.data ? categories.error : null);

  // Panels follow the search in effect, however it changed (the box, back/forward, a link).
  const [panels, setPanels] = useState<Panels>(() => panelsAfterSearch(query));
  const [searched, setSearched] = useState(query);
  if (searched !== query) {
    setSearched(query);
    setPanels(panelsAfterSearch(query));
  }

  const search = (q: string) => {
    const next = new URLSearchParams(params);
    const clean = cleanQuery(q);
    // Every search opens every panel, the same one again too; clearing closes them.
    setPanels(panelsAfterSearch(clean));
    if (clean) next.set('query', clean);
    else next.delete('query');
    if (next.toString() !== params.toString()) setParams(next);
  };

  const groups = categories.data?.groups;
  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Title order={2}>{TITLE}</Title>
        {isAccount(node) && <HeaderLinks links={[accountClassicLink(info.classic_console_url, 'categories')]} />}
      </Group>
      <SearchBox value={query} onSearch={search} placeholder="Find category..." label="Find category" />
      {groups === undefined ? (
        <Stack gap="xs" aria-busy="true" aria-label="Loading categories">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} height={44} radius="sm" />
          ))}
        </Stack>
      ) : (
        <div aria-busy={categories.isFetching && categories.isPlaceholderData}>
          <CategoryGroups
            groups={groups}
            open={openPanels(
              panels,
              groups.map((g) => g.key),
            )}
            onOpenChange={setPanels}
            changes={changes}
            canChange={canChange}
            onSchedule={schedule.open}
          />
        </div>
      )}
      <ScheduleModal node={node} target={schedule.target} canChange={canChange} onClose={schedule.close} />
      <ReplaceRuleDialog changes={changes} />
    </Stack>
  );
}
