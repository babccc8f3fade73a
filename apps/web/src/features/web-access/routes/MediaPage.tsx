/**
 * A node's media (002 §2.5; a server user's, §2.9): search 'Find media...', the media type filter in
 * two groups ('{n} filter(s) applied'), export, the header links into the classic console, the table
 * with each row's accordion of media info, switch, why and schedule, and the pager
 * (components/AccessListScreen.tsx). A list that cannot be loaded goes to the devices list or /users.
 */
import { GroupedChoicePopup, useListController } from '../../../components/list';
import { AccessListScreen } from '../components/AccessListScreen';
import { ListOrderControl } from '../components/ListOrderControl';
import { MediaTable } from '../components/MediaTable';
import { NodePage } from '../components/NodePage';
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
  return (
    <AccessListScreen
      node={node}
      title={TITLE}
      list={list}
      links={mediaHeaderLinks}
      search={{ placeholder: 'Find media...', label: 'Find media' }}
      order={<ListOrderControl sortBy={state.sortBy} onChoose={list.chooseSort} />}
      filter={
        <GroupedChoicePopup
          groups={MEDIA_TYPE_CHOICE_GROUPS}
          value={state.filters.mediaTypes}
          onApply={(types) => list.setFilter('mediaTypes', types)}
        />
      }
      exportProgress="Preparing the media export…"
      table={(props) => <MediaTable {...props} />}
      pagerLabel="Media pages"
    />
  );
}
