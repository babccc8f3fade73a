/**
 * What every web-access page of a node changes access with: the switch's changes, the schedule editor's
 * target, and whether the signed-in user may change access at all (Console Admins).
 */
import { useRegistrationInfo } from '../../../api/registration-info';
import { canChangeAccess } from '../lib/access';
import type { WebAccessNode } from '../lib/node';
import { useAccessChanges } from './use-access-changes';
import { useScheduleTarget } from './use-schedule-target';

export function useAccessTools(node: WebAccessNode) {
  const info = useRegistrationInfo();
  const changes = useAccessChanges(node);
  const schedule = useScheduleTarget();
  return { info, changes, schedule, canChange: canChangeAccess(info) };
}
