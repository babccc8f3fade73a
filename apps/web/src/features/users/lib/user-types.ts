/**
 * The three console user types as the console offers them (000 §3.7; 002 §4.2): id for options.type_id,
 * label, and what each type may do. Shared by Create User (users list) and User Settings.
 */
import { USER_TYPES, type ConsoleUserType, type ConsoleUserTypeId } from '@wayguard/contracts';

export type UserTypeOption = { type: ConsoleUserType; id: ConsoleUserTypeId; label: string; description: string };

export const USER_TYPE_OPTIONS: UserTypeOption[] = [
  {
    type: 'console_admin',
    id: USER_TYPES.console_admin.id,
    label: USER_TYPES.console_admin.label,
    description: 'Full administrator access',
  },
  {
    type: 'requests_admin',
    id: USER_TYPES.requests_admin.id,
    label: USER_TYPES.requests_admin.label,
    description: 'Processes website, media and app requests',
  },
  {
    type: 'console_user',
    id: USER_TYPES.console_user.id,
    label: USER_TYPES.console_user.label,
    description: 'Manages access to features and devices',
  },
];
