/**
 * Devices (001 §2.1, §9): search, filter flags, billed options, sortable table, pager and export. The
 * list controller (components/list) owns the address, the saved view, fetching, errors and paging from
 * the list's declaration (lib/devices-list-config.ts); the dashboard's ?critical_alerts=1 and
 * ?important_alerts=1 arrive as flags.
 */
import { Group, Stack, Title } from '@mantine/core';
import {
  ChoiceMenu,
  ExportButton,
  FilterPopup,
  ListLoadError,
  ListPager,
  SearchBox,
  useListController,
} from '../../../components/list';
import { usePageTitle } from '../../../lib/page-title';
import { DevicesTable } from '../components/DevicesTable';
import { BILLED_CHOICES, DEVICE_FILTER_GROUPS } from '../lib/device-flags';
import { devicesList } from '../lib/devices-list-config';

const TITLE = 'Devices';
const FLAG_DEFAULTS = devicesList.filters.flags.initial;
const BILLED_INITIAL = devicesList.filters.billed.initial;

export default function DevicesListPage() {
  usePageTitle(TITLE);
  const list = useListController(devicesList);
  const { state } = list;

  return (
    <Stack gap="md">
      <Title order={1}>{TITLE}</Title>

      <Group justify="space-between" gap="sm" wrap="wrap">
        <SearchBox value={state.query} onSearch={list.setQuery} placeholder="Search device..." label="Search devices" />
        <Group gap="sm" wrap="wrap">
          <FilterPopup
            groups={DEVICE_FILTER_GROUPS}
            value={state.filters.flags}
            defaults={FLAG_DEFAULTS}
            onApply={(flags) => list.setFilter('flags', flags)}
          />
          <ChoiceMenu
            legend="Billed"
            label="Billed"
            appliedLabel="Billed (filter applied)"
            options={BILLED_CHOICES}
            value={state.filters.billed}
            initial={BILLED_INITIAL}
            onApply={(billed) => list.setFilter('billed', billed)}
          />
          <ExportButton onExport={list.exportList} progressText="Preparing the devices export…" />
        </Group>
      </Group>

      {list.error ? (
        <ListLoadError title="The devices could not be loaded" onRetry={list.retry} />
      ) : (
        <DevicesTable
          rows={list.rows}
          busy={list.busy}
          sortBy={state.sortBy}
          reverse={state.reverse}
          onSort={list.chooseSort}
        />
      )}

      <ListPager list={list} label="Devices pages" />
    </Stack>
  );
}
