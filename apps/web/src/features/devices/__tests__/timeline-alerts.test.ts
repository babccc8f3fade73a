/** Who a timeline line names, and how an alert's group reads and is coloured. */
import { describe, expect, it } from 'vitest';
import { ALERT_GROUP_LABELS, alertColor } from '../lib/alert-labels';
import { timelineActor } from '../lib/timeline';

describe('timelineActor', () => {
  it("names the administrator, or the device when the actor is ''", () => {
    expect(timelineActor({ actor: 'katie.adams11' })).toBe('by katie.adams11');
    expect(timelineActor({ actor: '' })).toBe('by the device');
  });
});

describe('alert groups', () => {
  it('colour critical warnings red, general alerts grey, the others orange', () => {
    expect(alertColor({ group_id: 'critical_warning' })).toBe('red');
    expect(alertColor({ group_id: 'general_alert' })).toBe('gray');
    expect(alertColor({ group_id: 'update_failure' })).toBe('orange');
    expect(ALERT_GROUP_LABELS.validation_failure).toBe('Validation failure');
  });
});
