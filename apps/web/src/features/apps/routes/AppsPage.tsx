/**
 * A device's or a user's apps (002 §2.6, §4.4): the title, the device page's 'Add App' link (the
 * classic console, a new tab), search, the apps table, the pager, and the switch's dialogs: the warning
 * modal of an is_warning app and the 'Assignment Confirmation' listing the mobiles a change (on or
 * off) reaches; on a device page the switches wait for its user's mobiles, and ask when they cannot
 * be read. A user whose list has no mobiles goes to the user's page (the layouts also leave for a user
 * without devices, or an unknown device or user).
 */
import { Group, Stack, Title } from '@mantine/core';
import { Navigate, useParams } from 'react-router';
import { APP_MSG, type MobileApp } from '@wayguard/contracts';
import { useAppDetail } from '../../../api/app-detail';
import { useRegistrationInfo } from '../../../api/registration-info';
import { AppWarningDialog } from '../../../components/apps/AppWarningDialog';
import { ExternalLinkButton } from '../../../components/ExternalLinkButton';
import { ListLoadError, ListPager, SearchBox, useListController } from '../../../components/list';
import { addAppUrl } from '../../../lib/app-classic-links';
import { usePageTitle } from '../../../lib/page-title';
import { paths } from '../../../lib/paths';
import { useUserMobiles } from '../api/mobile-apps';
import { AppsTable } from '../components/AppsTable';
import { AssignmentConfirmDialog } from '../components/AssignmentConfirmDialog';
import { useAppSwitch } from '../hooks/use-app-switch';
import { appsList } from '../lib/apps-list-config';
import { reachKnown } from '../lib/assignment';
import { appsNodeFromParams, type AppsNode } from '../lib/node';
import { canAssignApps } from '../lib/permissions';

export default function AppsPage() {
  const params = useParams();
  const node = appsNodeFromParams(params);
  usePageTitle(node?.type === 'user' ? 'User Apps' : 'Device Apps');
  if (!node) return <Navigate to={paths.home.href()} replace />;
  return <AppsScreen key={`${node.type}-${node.id}`} node={node} />;
}

function AppsScreen({ node }: { node: AppsNode }) {
  const info = useRegistrationInfo();
  const list = useListController(appsList(node));
  const { state, response } = list;
  const pageDevices = response?.devices ?? [];
  const deviceUser = node.type === 'device' ? (response?.user ?? null) : null;
  const userMobiles = useUserMobiles(deviceUser?.id ?? null);
  // The mobiles an assignment reaches: the user's, or a device's user's (the device alone without one).
  const reached = node.type === 'user' ? pageDevices : (userMobiles.data ?? pageDevices);
  // Until the device's user's mobiles are known the switches wait; if they cannot be read, every switch asks.
  const known = reachKnown(deviceUser !== null, userMobiles);
  const switcher = useAppSwitch(node, reached, known);

  if (node.type === 'user' && response && response.devices.length === 0)
    return <Navigate to={paths.users.details.href(node.id)} replace />;

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Title order={2}>Apps</Title>
        {node.type === 'device' && (
          <ExternalLinkButton href={addAppUrl(info.classic_console_url, node.id)} label={APP_MSG.addApp} />
        )}
      </Group>
      <SearchBox value={state.query} onSearch={list.setQuery} placeholder="Search apps..." label="Search apps" />
      {list.error ? (
        <ListLoadError title="The apps could not be loaded" onRetry={list.retry} />
      ) : (
        <AppsTable
          node={node}
          rows={list.rows}
          busy={list.busy}
          reverse={state.reverse}
          onSort={list.chooseSort}
          devices={pageDevices}
          classicBase={info.classic_console_url}
          canChange={canAssignApps(info) && known !== 'loading'}
          pendingId={switcher.pendingId}
          onToggle={switcher.toggle}
        />
      )}
      <ListPager list={list} label="Apps pages" />
      {switcher.step?.kind === 'warning' && (
        <WarningStep
          app={switcher.step.app}
          pending={switcher.pending}
          onClose={switcher.cancel}
          onConfirm={switcher.confirm}
        />
      )}
      {switcher.step?.kind === 'confirm' && (
        <AssignmentConfirmDialog
          appName={switcher.step.app.name}
          on={switcher.step.on}
          reachUnknown={known === 'failed'}
          devices={reached}
          pending={switcher.pending}
          onNo={switcher.cancel}
          onConfirm={switcher.confirm}
        />
      )}
    </Stack>
  );
}

/** The approval warning modal with the app's request data (002 §4.4), once its details are in. */
function WarningStep({
  app,
  pending,
  onClose,
  onConfirm,
}: {
  app: MobileApp;
  pending: boolean;
  onClose: () => void;
  onConfirm: () => void;
}) {
  const detail = useAppDetail(app.package_name);
  if (detail.isPending) return null;
  return (
    <AppWarningDialog
      name={app.name}
      classification={detail.data?.classification ?? ''}
      warning={detail.data?.admin_warning_message ?? null}
      pending={pending}
      onClose={onClose}
      onConfirm={onConfirm}
    />
  );
}
