/**
 * The app approval dialog's rules (001 §4 'App approval dialog', §7 POST /app_requests/app): auto assign
 * (every user, now and later) cannot be chosen when the app is_prevent_autoassign; without it the app is
 * assigned to the users chosen in the user-selection dialog (none: assign later on each user's Apps
 * page); mandatory install is a choice of its own. An app flagged is_admin_warning (or a row whose
 * approve_warn is set) is approved only through the warning dialog, whose ticked box the body carries.
 */
import { APP_MSG, listOf, type AppApprovalBody, type AppDetail, type AppRequestItem } from '@wayguard/contracts';
import type { DetailField } from '../../../components/DetailList';
import { reviewFields } from './review-fields';

export type ApprovalDraft = { autoAssign: boolean; mandatory: boolean; users: readonly number[] };

export const EMPTY_DRAFT: ApprovalDraft = { autoAssign: false, mandatory: false, users: [] };

type Flags = Pick<AppDetail, 'is_prevent_autoassign' | 'is_admin_warning' | 'enable_auto_assign'>;

export function canAutoAssign(app: Pick<AppDetail, 'is_prevent_autoassign'>): boolean {
  return !app.is_prevent_autoassign;
}

/** The dialog's first state: auto assign as the account has it for this app (never when refused). */
export function initialDraft(app: Flags & Pick<AppDetail, 'mandatory' | 'assigned_users'>): ApprovalDraft {
  return {
    autoAssign: app.enable_auto_assign && canAutoAssign(app),
    mandatory: app.mandatory,
    users: [...app.assigned_users],
  };
}

/** Approving goes through the warning dialog first. */
export function needsWarning(app: Pick<AppDetail, 'is_admin_warning'>, row?: Pick<AppRequestItem, 'approve_warn'>) {
  return app.is_admin_warning || Boolean(row?.approve_warn);
}

export function approvalBody(
  packageName: string,
  draft: ApprovalDraft,
  app: Flags,
  warningAccepted: boolean,
): AppApprovalBody {
  const autoAssign = draft.autoAssign && canAutoAssign(app);
  return {
    package_name: packageName,
    auto_assign: autoAssign,
    mandatory: draft.mandatory,
    assign_users: autoAssign ? [] : [...draft.users],
    ...(warningAccepted ? { warning_accepted: true } : {}),
  };
}

/** The user-selection dialog's Add needs at least one user. */
export function canAddUsers(chosen: readonly number[]): boolean {
  return chosen.length > 0;
}

/** What the approval will assign, in words: 'All users', '2 users', or none yet. */
export function assignSummary(draft: ApprovalDraft): string {
  if (draft.autoAssign) return APP_MSG.allUsers;
  return draft.users.length === 0
    ? 'No users yet: assign it on each user later'
    : APP_MSG.usersCount(draft.users.length);
}

/** A request row's own values in the app accordion: the deny reason (denied rows) and the review reason. */
export function appRequestExtras(
  row: Pick<AppRequestItem, 'state' | 'status' | 'reason' | 'review_notes'>,
): DetailField[] {
  return reviewFields(row, listOf(row.state, row.status) === 'denied' ? 'Deny reason' : null);
}
