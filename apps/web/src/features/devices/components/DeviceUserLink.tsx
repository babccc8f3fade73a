/** A device's user, linking to their page in a new tab (001 §2.1): a console user or a server/local user. */
import { Anchor } from '@mantine/core';
import type { DeviceUser } from '@wayguard/contracts';
import { deviceUserPath, orMissing } from '../lib/device-labels';

export function DeviceUserLink({ user, size = 'sm' }: { user: DeviceUser | null; size?: 'sm' | 'md' }) {
  if (!user) return <>{orMissing(null)}</>;
  return (
    <Anchor href={deviceUserPath(user)} target="_blank" rel="noopener" size={size} style={{ overflowWrap: 'anywhere' }}>
      {user.name}
    </Anchor>
  );
}
