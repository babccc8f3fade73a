/**
 * Devices (001 §2.1, §9): search, filter flags, billed options, sortable table, pager and export. The
 * list controller (components/list) owns the address, the saved view, fetching, errors and paging from
 * the list's declaration (lib/devices-list-config.ts); the dashboard's ?critical_alerts=1 and
 * ?important_alerts=1 arrive as flags.
 */
import { ChoiceMenu, FlagsFilterPopup, ListScreen, useListController } from '../../../components/list';
import { usePageTitle } from '../../../lib/page-title';
import { DevicesTable } from '../components/DevicesTable';
import { BILLED_CHOICES, DEVICE_FILTER_GROUPS } from '../lib/device-flags';
import { devicesList } from '../lib/devices-list-config';

const TITLE = 'Devices';
const BILLED_INITIAL = devicesList.filters.billed.initial;

export default function DevicesListPage() {
  usePageTitle(TITLE);
  const list = useListController(devicesList);
  const { state } = list;

  return (
    <ListScreen
      list={list}
      title={TITLE}
      search={{ placeholder: 'Search device...', label: 'Search devices' }}
      toolbar={
        <>
          <FlagsFilterPopup list={list} groups={DEVICE_FILTER_GROUPS} />
          <ChoiceMenu
            legend="Billed"
            label="Billed"
            appliedLabel="Billed (filter applied)"
            options={BILLED_CHOICES}
            value={state.filters.billed}
            initial={BILLED_INITIAL}
            onApply={(billed) => list.setFilter('billed', billed)}
          />
        </>
      }
      exportProgress="Preparing the devices export…"
      errorTitle="The devices could not be loaded"
      table={(table) => <DevicesTable {...table} />}
      pagerLabel="Devices pages"
    />
  );
}
