/** How a device alert's group reads (001 §3 'Alert' groups) and its colour: critical warnings in red. */
import type { DeviceAlert } from '@wayguard/contracts';

export const ALERT_GROUP_LABELS: Record<DeviceAlert['group_id'], string> = {
  critical_warning: 'Critical warning',
  service_alert: 'Service alert',
  update_failure: 'Update failure',
  validation_failure: 'Validation failure',
  general_alert: 'General alert',
};

export function alertColor(alert: Pick<DeviceAlert, 'group_id'>): string {
  return alert.group_id === 'critical_warning' ? 'red' : alert.group_id === 'general_alert' ? 'gray' : 'orange';
}
