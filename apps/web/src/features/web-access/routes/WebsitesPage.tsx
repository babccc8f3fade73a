/**
 * A node's websites (002 §2.4; a server user's, §2.9): "Test a website" first (issue 26), search 'Find
 * website...', the order (rules and requests first, or by name), the access filter (single choice;
 * 'Filter' / 'Filter applied'), export, the header links into the classic console, the
 * table with each row's switch, why, and schedule, the pager (components/AccessListScreen.tsx). A list that cannot be loaded goes to the devices list or /users.
 */
import { ChoiceMenu } from '../../../components/list';
import { AccessListScreen } from '../components/AccessListScreen';
import { TestWebsiteCard } from '../components/TestWebsiteCard';
import { WebsitesTable } from '../components/WebsitesTable';
import { websiteHeaderLinks } from '../lib/classic-links';
import {
  ACCESS_FILTER_ALL,
  ACCESS_FILTER_CHOICES,
  accessFilterOf,
  accessMenuChoice,
  websitesList,
} from '../lib/list-configs';

export default function WebsitesPage() {
  return (
    <AccessListScreen
      title="Websites"
      definition={websitesList}
      links={websiteHeaderLinks}
      search={{ placeholder: 'Find website...', label: 'Find website' }}
      filter={(list) => (
        <ChoiceMenu
          legend="Access"
          options={ACCESS_FILTER_CHOICES}
          value={accessMenuChoice(list.state.filters.access)}
          initial={ACCESS_FILTER_ALL}
          onApply={(choice) => list.setFilter('access', accessFilterOf(choice))}
        />
      )}
      exportProgress="Preparing the websites export…"
      table={(props) => <WebsitesTable {...props} />}
      pagerLabel="Websites pages"
      above={(node) => <TestWebsiteCard node={node} />}
    />
  );
}
