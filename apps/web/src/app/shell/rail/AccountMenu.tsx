/**
 * Account entry of the rail: Account Info, the account's own web access (issue 26: Websites, Media,
 * Categories in this console; each page links to its classic console page too), and the classic
 * console's other account pages (000 §2.2).
 */
import { IconBuilding } from '@tabler/icons-react';
import { CLASSIC_PATHS } from '../../../lib/classic-console';
import { ClassicRailLink } from './ClassicRailLink';
import { RailGroup } from './RailGroup';
import { RailLink } from './RailLink';
import { paths } from '../../../lib/paths';

export function AccountMenu({ classicBase }: { classicBase: string }) {
  return (
    <RailGroup label="Account" icon={<IconBuilding size={20} stroke={1.5} />} area="/account">
      <RailLink to={paths.account.href()} label="Account Info" exact={[paths.account.path]} />
      <ClassicRailLink base={classicBase} path={CLASSIC_PATHS.notifications} label="Notifications" />
      <ClassicRailLink base={classicBase} path={CLASSIC_PATHS.reporting} label="Reporting" />
      <RailGroup label="Web Access">
        <RailLink to={`${paths.account.path}/websites`} label="Website Access" />
        <RailLink to={`${paths.account.path}/media`} label="Media Access" />
        <RailLink to={`${paths.account.path}/categories`} label="Categories" />
        <ClassicRailLink base={classicBase} path={CLASSIC_PATHS.classification} label="Classification" />
      </RailGroup>
      <ClassicRailLink base={classicBase} path={CLASSIC_PATHS.mobileApps} label="Mobile Apps" />
      <ClassicRailLink base={classicBase} path={CLASSIC_PATHS.pcApps} label="PC Apps" />
    </RailGroup>
  );
}
