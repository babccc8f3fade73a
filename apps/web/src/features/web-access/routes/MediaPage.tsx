/**
 * A node's media (002 §2.5; a server user's, §2.9): search 'Find media...', the media type filter in
 * two groups ('{n} filter(s) applied'), export, the header links into the classic console, the table
 * with each row's accordion of media info, switch, why and schedule, and the pager. A list that cannot
 * be loaded goes to the devices list or /users.
 */
import { Group, Stack, Title } from '@mantine/core';
import { ExportButton, GroupedChoicePopup, ListPager, SearchBox, useListController } from '../../../components/list';
import { HeaderLinks } from '../components/HeaderLinks';
import { MediaTable } from '../components/MediaTable';
import { ScheduleModal } from '../components/ScheduleModal';
import { NodePage } from '../components/NodePage';
import { useAccessTools } from '../hooks/use-access-tools';
import { useLeaveOnLoadError } from '../hooks/use-node-page';
import { mediaHeaderLinks } from '../lib/classic-links';
import { MEDIA_TYPE_CHOICE_GROUPS, mediaList } from '../lib/list-configs';
import type { WebAccessNode } from '../lib/node';

const TITLE = 'Media';

export default function MediaPage() {
  return <NodePage title={TITLE} screen={(node) => <MediaScreen node={node} />} />;
}

function MediaScreen({ node }: { node: WebAccessNode }) {
  const list = useListController(mediaList(node));
  const { state } = list;
  const { info, changes, schedule, canChange } = useAccessTools(node);
  useLeaveOnLoadError(node, list.error);

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Title order={2}>{TITLE}</Title>
        <HeaderLinks links={mediaHeaderLinks(info.classic_console_url, node)} />
      </Group>

      <Group justify="space-between" gap="sm" wrap="wrap">
        <SearchBox value={state.query} onSearch={list.setQuery} placeholder="Find media..." label="Find media" />
        <Group gap="sm" wrap="wrap">
          <GroupedChoicePopup
            groups={MEDIA_TYPE_CHOICE_GROUPS}
            value={state.filters.mediaTypes}
            onApply={(types) => list.setFilter('mediaTypes', types)}
          />
          <ExportButton onExport={list.exportList} progressText="Preparing the media export…" />
        </Group>
      </Group>

      <MediaTable
        rows={list.rows}
        busy={list.busy}
        sortBy={state.sortBy}
        reverse={state.reverse}
        onSort={list.chooseSort}
        changes={changes}
        canChange={canChange}
        onSchedule={schedule.open}
      />
      <ListPager list={list} label="Media pages" />

      <ScheduleModal node={node} target={schedule.target} canChange={canChange} onClose={schedule.close} />
    </Stack>
  );
}
