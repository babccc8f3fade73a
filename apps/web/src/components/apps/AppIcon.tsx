/** An app's icon (decorative: the app's name is always next to it), or a neutral tile when it has none. */
import { Image, ThemeIcon } from '@mantine/core';
import { IconApps } from '@tabler/icons-react';
import { webHref } from '../../lib/web-href';

export function AppIcon({ src, size = 24 }: { src: string | null; size?: number }) {
  const href = src ? webHref(src) : null;
  if (href) return <Image src={href} alt="" w={size} h={size} radius="sm" style={{ flexShrink: 0 }} />;
  return (
    <ThemeIcon variant="light" color="gray" size={size} radius="sm" aria-hidden="true" style={{ flexShrink: 0 }}>
      <IconApps size={Math.round(size * 0.6)} />
    </ThemeIcon>
  );
}
