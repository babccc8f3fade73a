/**
 * Requests entry of the rail: Websites, Media and Apps, each with its four lists. The pending entries
 * show counts; /stats is polled every 15 s only while this menu is open (000 §2.2).
 */
import { useState } from 'react';
import { IconInbox } from '@tabler/icons-react';
import type { RegistrationInfo, Stats } from '@wayguard/contracts';
import { useStats } from '../../../api/stats';
import { paths, type RequestKind } from '../../../lib/paths';
import { CountChip } from './CountChip';
import { RailGroup } from './RailGroup';
import { RailLink } from './RailLink';
import { RailSection } from './RailSection';

type Kind = { label: string; kind: RequestKind; pending: keyof Stats; tech: keyof Stats; alsoDefault?: boolean };

const KINDS: Kind[] = [
  {
    label: 'Websites',
    kind: 'website',
    pending: 'website_requests',
    tech: 'website_requests_tech',
    alsoDefault: true,
  },
  { label: 'Media', kind: 'media', pending: 'media_requests', tech: 'media_requests_tech' },
  { label: 'Apps', kind: 'apps', pending: 'mobile_app_requests', tech: 'mobile_app_requests_tech' },
];

export function RequestsMenu({ info }: { info: RegistrationInfo }) {
  const [opened, setOpened] = useState(false);
  const stats = useStats(opened);
  const counts: Stats = stats.data ?? info;
  return (
    <RailGroup
      label="Requests"
      icon={<IconInbox size={20} stroke={1.5} />}
      area={paths.requests.path}
      onOpenedChange={setOpened}
    >
      {KINDS.map((kind) => (
        <RailSection key={kind.kind} label={kind.label}>
          <RailLink
            to={paths.requests.href(kind.kind)}
            exact={
              kind.alsoDefault
                ? [paths.requests.href(), paths.requests.href(kind.kind)]
                : [paths.requests.href(kind.kind)]
            }
            label="Pending Admin"
            rightSection={<CountChip count={counts[kind.pending]} />}
          />
          <RailLink
            to={paths.requests.href(kind.kind, 'pending/tech')}
            exact={[paths.requests.href(kind.kind, 'pending/tech')]}
            label="Pending for the support team"
            rightSection={<CountChip count={counts[kind.tech]} />}
          />
          <RailLink
            to={paths.requests.href(kind.kind, 'approved')}
            exact={[paths.requests.href(kind.kind, 'approved')]}
            label="Approved"
          />
          <RailLink
            to={paths.requests.href(kind.kind, 'denied')}
            exact={[paths.requests.href(kind.kind, 'denied')]}
            label="Denied"
          />
        </RailSection>
      ))}
    </RailGroup>
  );
}
