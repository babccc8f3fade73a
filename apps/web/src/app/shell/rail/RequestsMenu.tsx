/**
 * Requests entry of the rail: Websites, Media and Apps, each with its four lists. The pending entries
 * show counts; /stats is polled every 15 s only while this menu is open (000 §2.2).
 */
import { useState } from 'react';
import { IconInbox } from '@tabler/icons-react';
import type { RegistrationInfo, Stats } from '@wayguard/contracts';
import { useStats } from '../../api/stats';
import { CountChip } from './CountChip';
import { RailGroup } from './RailGroup';
import { RailLink } from './RailLink';
import { RailSection } from './RailSection';

type Kind = { label: string; path: string; pending: keyof Stats; tech: keyof Stats; alsoDefault?: boolean };

const KINDS: Kind[] = [
  {
    label: 'Websites',
    path: '/requests/website',
    pending: 'website_requests',
    tech: 'website_requests_tech',
    alsoDefault: true,
  },
  { label: 'Media', path: '/requests/media', pending: 'media_requests', tech: 'media_requests_tech' },
  { label: 'Apps', path: '/requests/apps', pending: 'mobile_app_requests', tech: 'mobile_app_requests_tech' },
];

export function RequestsMenu({ info }: { info: RegistrationInfo }) {
  const [opened, setOpened] = useState(false);
  const stats = useStats(opened);
  const counts: Stats = stats.data ?? info;
  return (
    <RailGroup label="Requests" icon={<IconInbox size={20} stroke={1.5} />} area="/requests" onOpenedChange={setOpened}>
      {KINDS.map((kind) => (
        <RailSection key={kind.path} label={kind.label}>
          <RailLink
            to={kind.path}
            exact={kind.alsoDefault ? ['/requests', kind.path] : [kind.path]}
            label="Pending Admin"
            rightSection={<CountChip count={counts[kind.pending]} />}
          />
          <RailLink
            to={`${kind.path}/pending/tech`}
            exact={[`${kind.path}/pending/tech`]}
            label="Pending for the support team"
            rightSection={<CountChip count={counts[kind.tech]} />}
          />
          <RailLink to={`${kind.path}/approved`} exact={[`${kind.path}/approved`]} label="Approved" />
          <RailLink to={`${kind.path}/denied`} exact={[`${kind.path}/denied`]} label="Denied" />
        </RailSection>
      ))}
    </RailGroup>
  );
}
