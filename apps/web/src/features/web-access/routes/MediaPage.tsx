/**
 * A node's media (002 §2.5; a server user's, §2.9): search 'Find media...', the media type filter in
 * two groups ('{n} filter(s) applied'), export, the header links into the classic console, the table
 * with each row's accordion of media info, switch, why and schedule, and the pager
 * (components/AccessListScreen.tsx). A list that cannot be loaded goes to the devices list or /users.
 */
import { GroupedChoicePopup } from '../../../components/list';
import { AccessListScreen } from '../components/AccessListScreen';
import { MediaTable } from '../components/MediaTable';
import { mediaHeaderLinks } from '../lib/classic-links';
import { MEDIA_TYPE_CHOICE_GROUPS, mediaList } from '../lib/list-configs';

export default function MediaPage() {
  return (
    <AccessListScreen
      title="Media"
      definition={mediaList}
      links={mediaHeaderLinks}
      search={{ placeholder: 'Find media...', label: 'Find media' }}
      filter={(list) => (
        <GroupedChoicePopup
          groups={MEDIA_TYPE_CHOICE_GROUPS}
          value={list.state.filters.mediaTypes}
          onApply={(types) => list.setFilter('mediaTypes', types)}
        />
      )}
      exportProgress="Preparing the media export…"
      table={(props) => <MediaTable {...props} />}
      pagerLabel="Media pages"
    />
  );
}
