/** A rail entry that opens the classic admin console in a new tab (000 §2.2). */
import { NavLink, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { MSG } from '@wayguard/contracts';
import { classicUrl } from '../../../lib/classic-console';

type Props = { base: string; path: string; label: string };

export function ClassicRailLink({ base, path, label }: Props) {
  return (
    <Tooltip label={MSG.classicTooltip} position="right">
      <NavLink
        component="a"
        href={classicUrl(base, path)}
        target="_blank"
        rel="noopener noreferrer"
        label={
          <>
            {label}
            <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
          </>
        }
        rightSection={<IconExternalLink size={16} stroke={1.5} aria-hidden="true" />}
      />
    </Tooltip>
  );
}
