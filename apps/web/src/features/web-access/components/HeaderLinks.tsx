/** A web-access page's header links into the classic console, each in a new tab (002 §2.4, §2.5, §2.9). */
import { Group } from '@mantine/core';
import { ExternalLinkButton } from '../../../components/ExternalLinkButton';
import type { ClassicLink } from '../lib/classic-links';

export function HeaderLinks({ links }: { links: ClassicLink[] }) {
  return (
    <Group gap="xs" wrap="wrap">
      {links.map((l) => (
        <ExternalLinkButton key={l.label} href={l.href} label={l.label} />
      ))}
    </Group>
  );
}
