/**
 * A node's websites (002 §2.4; a server user's, §2.9): search 'Find website...', the access filter
 * (single choice; 'Filter' / 'Filter applied'), export, the header links into the classic console, the
 * table with each row's switch, why, and schedule, the pager, and "Test a website". A list that cannot
 * be loaded goes to the devices list or /users.
 */
import { Group, Stack, Title } from '@mantine/core';
import { ChoiceMenu, ExportButton, ListPager, SearchBox, useListController } from '../../../components/list';
import { HeaderLinks } from '../components/HeaderLinks';
import { ScheduleModal } from '../components/ScheduleModal';
import { TestWebsiteCard } from '../components/TestWebsiteCard';
import { WebsitesTable } from '../components/WebsitesTable';
import { NodePage } from '../components/NodePage';
import { useAccessTools } from '../hooks/use-access-tools';
import { useLeaveOnLoadError } from '../hooks/use-node-page';
import { websiteHeaderLinks } from '../lib/classic-links';
import { ACCESS_FILTER_CHOICES, websitesList } from '../lib/list-configs';
import type { WebAccessNode } from '../lib/node';

const TITLE = 'Websites';

export default function WebsitesPage() {
  return <NodePage title={TITLE} screen={(node) => <WebsitesScreen node={node} />} />;
}

function WebsitesScreen({ node }: { node: WebAccessNode }) {
  const list = useListController(websitesList(node));
  const { state } = list;
  const { info, changes, schedule, canChange } = useAccessTools(node);
  useLeaveOnLoadError(node, list.error);

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Title order={2}>{TITLE}</Title>
        <HeaderLinks links={websiteHeaderLinks(info.classic_console_url, node)} />
      </Group>

      <Group justify="space-between" gap="sm" wrap="wrap">
        <SearchBox value={state.query} onSearch={list.setQuery} placeholder="Find website..." label="Find website" />
        <Group gap="sm" wrap="wrap">
          <ChoiceMenu
            legend="Access"
            options={ACCESS_FILTER_CHOICES}
            value={state.filters.access}
            initial={null}
            onApply={(access) => list.setFilter('access', access)}
          />
          <ExportButton onExport={list.exportList} progressText="Preparing the websites export…" />
        </Group>
      </Group>

      <WebsitesTable
        rows={list.rows}
        busy={list.busy}
        sortBy={state.sortBy}
        reverse={state.reverse}
        onSort={list.chooseSort}
        changes={changes}
        canChange={canChange}
        onSchedule={schedule.open}
      />
      <ListPager list={list} label="Websites pages" />

      <TestWebsiteCard node={node} />
      <ScheduleModal node={node} target={schedule.target} canChange={canChange} onClose={schedule.close} />
    </Stack>
  );
}
