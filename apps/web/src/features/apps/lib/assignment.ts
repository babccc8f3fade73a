/**
 * The apps pages' rules (002 §2.6, §4.4): the columns of each page (device: App Name, Installed
 * (Version), Assigned, the switch, schedule, the more menu: 7 with the accordion's toggle; user: 6),
 * the cells' texts ('Not installed', 'Not assigned', the date and 'by'), the install tooltip, and what
 * a switch does: assigning an unassigned is_warning app opens the warning modal first; a change that
 * reaches several mobiles (a user's, or a device's user's), on or off, opens 'Assignment Confirmation'
 * listing them; then POST /apps/user or POST /devices/mobile_apps/assigned.
 */
import { APP_MSG, installTooltip, installedCell, type AppsPageDevice, type MobileApp } from '@wayguard/contracts';
import type { AssignVars } from '../api/mobile-apps';
import type { AppsNode } from './node';

export type AppsColumn = 'name' | 'installed' | 'assigned' | 'switch' | 'schedule' | 'more';

export function appsColumns(node: Pick<AppsNode, 'type'>): AppsColumn[] {
  const base: AppsColumn[] = ['name', 'installed', 'assigned', 'switch', 'schedule'];
  return node.type === 'device' ? [...base, 'more'] : base;
}

/** The table's width in cells (002 §9: 7 device apps, 6 user apps): the columns and the toggle. */
export function appsTableSpan(node: Pick<AppsNode, 'type'>): number {
  return appsColumns(node).length + 1;
}

export const APPS_HEADERS: Record<AppsColumn, string> = {
  name: 'App Name',
  installed: 'Installed (Version)',
  assigned: 'Assigned',
  switch: 'Actions',
  schedule: 'Schedule',
  more: 'More',
};

/** 'Not assigned', or the date and 'by' the assigning user. */
export function assignedText(
  app: Pick<MobileApp, 'is_assigned' | 'assigned_on' | 'assigned_by_name'>,
  date: (s: number) => string,
) {
  if (!app.is_assigned || app.assigned_on === 0) return APP_MSG.notAssigned;
  return APP_MSG.assignedBy(date(app.assigned_on), app.assigned_by_name.trim() || '---');
}

/** 'Not installed' or the version; on a user page, on how many of their mobiles. */
export function installedText(
  app: Pick<MobileApp, 'installed_on' | 'version' | 'installed_count'>,
  node: Pick<AppsNode, 'type'>,
  mobiles: number,
): string {
  const cell = installedCell(app);
  if (node.type !== 'user' || app.installed_on === 0 || mobiles < 2) return cell;
  return `${cell} (${app.installed_count} of ${mobiles} mobiles)`;
}

/** The row's install tooltip: the contracts' rule, then a waiting command (ours). */
export function rowTooltip(
  app: Pick<MobileApp, 'is_assigned' | 'installed_on' | 'mandatory' | 'pending'>,
  devices: readonly Pick<AppsPageDevice, 'online'>[],
): string | null {
  const online = devices.some((d) => d.online);
  const tip = installTooltip(app, online);
  if (tip) return tip;
  if (app.pending === 'install') return APP_MSG.tooltipPending;
  return null;
}

export type SwitchStep = 'warning' | 'confirm' | 'send';

/**
 * What the page knows of the mobiles a switch reaches (a user's, or a device's user's): listed
 * ('known'), still being read ('loading': the switches wait), or not known ('failed': every switch asks).
 */
export type ReachKnown = 'known' | 'loading' | 'failed';

/** How much the page knows of a device's user's mobiles, from their query's state. */
export function reachKnown(needed: boolean, mobiles: { isError: boolean; data: unknown }): ReachKnown {
  if (!needed || mobiles.data !== undefined) return 'known';
  return mobiles.isError ? 'failed' : 'loading';
}

/**
 * The steps of switching an app on or off: the warning modal (assigning an unassigned is_warning app),
 * the confirmation (a change that reaches several mobiles, on or off, or mobiles the page could not
 * list: 002 review #5 and issue 26), then the call.
 */
export function switchSteps(
  app: Pick<MobileApp, 'is_assigned' | 'is_warning'>,
  on: boolean,
  reached: readonly unknown[],
  known: ReachKnown = 'known',
): SwitchStep[] {
  const steps: SwitchStep[] = [];
  if (on && !app.is_assigned && app.is_warning) steps.push('warning');
  if (reached.length > 1 || known !== 'known') steps.push('confirm');
  steps.push('send');
  return steps;
}

/** The call of a switch: assign / unassign (users), add / remove (devices). */
export function assignVars(
  node: AppsNode,
  app: Pick<MobileApp, 'id' | 'package_name' | 'is_warning'>,
  on: boolean,
  warningAccepted: boolean,
): AssignVars {
  const accepted = on && app.is_warning && warningAccepted ? { warning_accepted: true } : {};
  return node.type === 'user'
    ? {
        to: 'user',
        packageName: app.package_name,
        body: { app_id: app.id, action: on ? 'assign' : 'unassign', user_id: node.id, ...accepted },
      }
    : {
        to: 'device',
        packageName: app.package_name,
        body: { app_id: app.id, action: on ? 'add' : 'remove', id: node.id, ...accepted },
      };
}
