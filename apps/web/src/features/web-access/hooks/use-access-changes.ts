/**
 * A page's access changes (002 §4.3): one action for every switch and reset of the page, so the
 * row being changed shows it and the toasts read 'Access is allowed' / 'Access is blocked'. Failures
 * show the server's text, else 'Something went wrong. Please contact our support' (useAction).
 */
import type { SetAccessRule, SubjectIdField } from '@wayguard/contracts';
import { useAction } from '../../../lib/use-action';
import { setAccessAction } from '../api/set-access';
import { ACCESS_TOASTS } from '../lib/access';
import type { WebAccessNode } from '../lib/node';

/** What a switch changes: its subject field and id, and its name for the texts. */
export type AccessSubject = { field: SubjectIdField; id: number; name: string };

const subjectKey = (s: Pick<AccessSubject, 'field' | 'id'>) => `${s.field}:${s.id}`;

export function useAccessChanges(node: WebAccessNode) {
  const action = useAction({ ...setAccessAction, success: (_, vars) => ACCESS_TOASTS[vars.rule] });
  const sent = action.variables;
  const pendingKey = sent
    ? (['website_id', 'category_id', 'custom_category_id', 'media_id'] as const)
        .filter((f) => sent[f] !== undefined)
        .map((f) => subjectKey({ field: f, id: sent[f] as number }))[0]
    : undefined;

  return {
    /** Sets the rule at the node (without a schedule: the switch means always). */
    change: (subject: AccessSubject, rule: SetAccessRule) =>
      action.run({ node_id: node.id, node_type: node.type, rule, [subject.field]: subject.id }),
    /** The subject whose change is on its way. */
    isPending: (subject: Pick<AccessSubject, 'field' | 'id'>) => pendingKey === subjectKey(subject),
  };
}

export type AccessChanges = ReturnType<typeof useAccessChanges>;
