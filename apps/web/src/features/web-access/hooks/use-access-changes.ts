/**
 * A page's access changes (002 §4.3): one action for every switch and reset of the page, so the
 * row being changed shows it and the toasts read 'Access is allowed' / 'Access is blocked'. Failures
 * show the server's text, else 'Something went wrong. Please contact our support' (useAction).
 * A switch on a row whose own rule has a schedule or an end asks first, saying what the always-on
 * rule removes (issue 26: `confirming`, answered by confirm or cancel).
 */
import { useState } from 'react';
import type { SetAccessRule, SubjectIdField } from '@wayguard/contracts';
import { formatDateTime } from '../../../lib/dates';
import { useAction } from '../../../lib/use-action';
import { setAccessAction } from '../api/set-access';
import { ACCESS_TOASTS, replaceLoss, type AccessRow } from '../lib/access';
import type { WebAccessNode } from '../lib/node';
import { describeSchedule } from '../lib/schedule-edit';

/** What a switch changes: its subject field and id, and its name for the texts. */
export type AccessSubject = { field: SubjectIdField; id: number; name: string };

const subjectKey = (s: Pick<AccessSubject, 'field' | 'id'>) => `${s.field}:${s.id}`;

type Confirming = { subject: AccessSubject; rule: SetAccessRule; message: string };

export function useAccessChanges(node: WebAccessNode) {
  const action = useAction({ ...setAccessAction, success: (_, vars) => ACCESS_TOASTS[vars.rule] });
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const send = (subject: AccessSubject, rule: SetAccessRule) =>
    action.run({ node_id: node.id, node_type: node.type, rule, [subject.field]: subject.id });
  const sent = action.variables;
  const pendingKey = sent
    ? (['website_id', 'category_id', 'custom_category_id', 'media_id'] as const)
        .filter((f) => sent[f] !== undefined)
        .map((f) => subjectKey({ field: f, id: sent[f] as number }))[0]
    : undefined;

  return {
    /**
     * Sets the rule at the node (without a schedule: the switch means always). With the switch's `row`,
     * a rule of the node's own with a schedule or an end is not replaced before the visitor confirms.
     */
    change: async (subject: AccessSubject, rule: SetAccessRule, row?: AccessRow) => {
      const expires = row?.expires_at ? Date.parse(row.expires_at) : NaN;
      const message =
        row && rule !== 'inherit'
          ? replaceLoss(row, rule, {
              schedule: describeSchedule(row.schedule),
              end: Number.isFinite(expires) ? formatDateTime(Math.floor(expires / 1000)) : null,
            })
          : null;
      if (message) {
        setConfirming({ subject, rule, message });
        return;
      }
      await send(subject, rule);
    },
    /** The change waiting for the visitor's answer, with what it removes. */
    confirming,
    confirm: async () => {
      if (!confirming) return;
      setConfirming(null);
      await send(confirming.subject, confirming.rule);
    },
    cancel: () => setConfirming(null),
    /** The subject whose change is on its way. */
    isPending: (subject: Pick<AccessSubject, 'field' | 'id'>) => pendingKey === subjectKey(subject),
  };
}

export type AccessChanges = ReturnType<typeof useAccessChanges>;
