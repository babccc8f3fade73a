/**
 * One line per command of the Commands card (ours, docs/design/agent-api.md 'Commands'): its type, then
 * each step with its time ("Lock screen · Sent 10:01am · Delivered 10:02am · Done 10:03am"); a failed
 * command ends with its error. Open commands (not finished yet) keep the card polling.
 */
import dayjs from 'dayjs';
import { DATE_TIME_FORMAT } from '../../../lib/dates';
import {
  DEVICE_COMMAND_LABELS,
  DEVICE_MSG,
  DEVICE_COMMAND_STATE_LABELS,
  type DeviceCommand,
  type DeviceCommandState,
} from '@wayguard/contracts';

const OPEN_STATES: readonly DeviceCommandState[] = ['pending', 'delivered', 'acknowledged'];

export function isCommandOpen(command: Pick<DeviceCommand, 'state'>): boolean {
  return OPEN_STATES.includes(command.state);
}

export function anyCommandOpen(commands: readonly Pick<DeviceCommand, 'state'>[]): boolean {
  return commands.some(isCommandOpen);
}

/** A step's time: the hour today, else the date too (in the browser's time zone). */
export function commandTime(unixSeconds: number, nowMs: number = Date.now()): string {
  const at = dayjs.unix(unixSeconds);
  return at.isSame(dayjs(nowMs), 'day') ? at.format('h:mma') : at.format(DATE_TIME_FORMAT);
}

type TimeFormat = (unixSeconds: number) => string;

/** The command's steps in order, each with its time; the last is the finished state, if any. */
export function commandSteps(command: DeviceCommand, time: TimeFormat = commandTime): string[] {
  const steps: string[] = [];
  const L = DEVICE_COMMAND_STATE_LABELS;
  if (command.created) steps.push(`${L.pending} ${time(command.created)}`);
  if (command.delivered) steps.push(`${L.delivered} ${time(command.delivered)}`);
  if (command.acknowledged) steps.push(`${L.acknowledged} ${time(command.acknowledged)}`);
  if (!isCommandOpen(command)) {
    const at = command.finished || (command.state === 'expired' ? command.expires : 0);
    const label = command.state === 'completed' ? L.completed : L[command.state];
    steps.push(at ? `${label} ${time(at)}` : label);
  }
  return steps;
}

/** 'Lock screen · Sent 10:01am · Delivered 10:02am · Done 10:03am'; a failure adds ': {error}'. */
export function commandLine(command: DeviceCommand, time: TimeFormat = commandTime): string {
  const line = [DEVICE_COMMAND_LABELS[command.type], ...commandSteps(command, time)].join(' · ');
  return command.state === 'failed' && command.error ? `${line}: ${command.error}` : line;
}

/** The command's state as its badge says it ('Sent', 'Delivered', 'Done', 'Failed'…). */
export function commandStateLabel(command: Pick<DeviceCommand, 'state'>): string {
  return DEVICE_COMMAND_STATE_LABELS[command.state];
}

export const COMMAND_STATE_COLORS: Record<DeviceCommandState, string> = {
  pending: 'blue',
  delivered: 'blue',
  acknowledged: 'blue',
  completed: 'green',
  failed: 'red',
  expired: 'gray',
  cancelled: 'gray',
};

/**
 * A queued command's success toast: 001's text, with the delivery note beside it when the device was
 * offline as it was queued (issue 26): it gets the command when it next checks in.
 */
export function commandQueuedText(specText: string, deviceOnline: boolean | undefined): string {
  return deviceOnline === false ? `${specText} ${DEVICE_MSG.queuedOffline}` : specText;
}
