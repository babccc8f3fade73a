/** A button-styled link into the classic console, opened in a new tab (001 §2.3, 002 §2.4-2.5). */
import { Button, VisuallyHidden } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { NEW_TAB } from '../lib/classic-console';

export function ExternalLinkButton({ href, label }: { href: string; label: string }) {
  return (
    <Button
      component="a"
      href={href}
      {...NEW_TAB}
      variant="default"
      size="sm"
      rightSection={<IconExternalLink size={14} aria-hidden="true" />}
    >
      {label}
      <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
    </Button>
  );
}
