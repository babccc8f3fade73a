/**
 * A node's websites (002 §2.4; a server user's, §2.9): "Test a website" first (issue 26), search 'Find
 * website...', the order (rules and requests first, or by name), the access filter (single choice;
 * 'Filter' / 'Filter applied'), export, the header links into the classic console, the
 * table with each row's switch, why, and schedule, the pager (components/AccessListScreen.tsx). A list that cannot be loaded goes to the devices list or /users.
 */
import { ChoiceMenu, useListController } from '../../../components/list';
import { AccessListScreen } from '../components/AccessListScreen';
import { ListOrderControl } from '../components/ListOrderControl';
import { TestWebsiteCard } from '../components/TestWebsiteCard';
import { WebsitesTable } from '../components/WebsitesTable';
import { NodePage } from '../components/NodePage';
import { websiteHeaderLinks } from '../lib/classic-links';
import {
  ACCESS_FILTER_ALL,
  ACCESS_FILTER_CHOICES,
  accessFilterOf,
  accessMenuChoice,
  websitesList,
} from '../lib/list-configs';
import type { WebAccessNode } from '../lib/node';

const TITLE = 'Websites';

export default function WebsitesPage() {
  return <NodePage title={TITLE} screen={(node) => <WebsitesScreen node={node} />} />;
}

function WebsitesScreen({ node }: { node: WebAccessNode }) {
  const list = useListController(websitesList(node));
  const { state } = list;
  return (
    <AccessListScreen
      node={node}
      title={TITLE}
      list={list}
      links={websiteHeaderLinks}
      search={{ placeholder: 'Find website...', label: 'Find website' }}
      order={<ListOrderControl sortBy={state.sortBy} onChoose={list.chooseSort} />}
      filter={
        <ChoiceMenu
          legend="Access"
          options={ACCESS_FILTER_CHOICES}
          value={accessMenuChoice(state.filters.access)}
          initial={ACCESS_FILTER_ALL}
          onApply={(choice) => list.setFilter('access', accessFilterOf(choice))}
        />
      }
      exportProgress="Preparing the websites export…"
      table={(props) => <WebsitesTable {...props} />}
      pagerLabel="Websites pages"
      above={<TestWebsiteCard node={node} />}
    />
  );
}
