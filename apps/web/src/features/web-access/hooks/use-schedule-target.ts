/** Which row's schedule editor is open (one at a time per page). */
import { useState } from 'react';
import type { ScheduleTarget } from '../components/ScheduleModal';
import type { AccessRow } from '../lib/access';
import type { AccessSubject } from './use-access-changes';

export function useScheduleTarget() {
  const [target, setTarget] = useState<ScheduleTarget | null>(null);
  return {
    target,
    open: (subject: AccessSubject, row: AccessRow) => setTarget({ subject, row }),
    close: () => setTarget(null),
  };
}
