/**
 * Runs a row's switch (002 §4.4): its steps (lib/assignment.ts switchSteps: the warning modal, the
 * Assignment Confirmation, the call) one after the other, and the call through the one action path
 * with the toast 'App has been assigned' or 'App has been unassigned'. Cancelling a step leaves the
 * app as it was.
 */
import { useState } from 'react';
import { APP_MSG, type MobileApp } from '@wayguard/contracts';
import { useAction } from '../../../lib/use-action';
import { assignAction } from '../api/mobile-apps';
import { assignVars, switchSteps, type ReachKnown, type SwitchStep } from '../lib/assignment';
import type { AppsNode } from '../lib/node';

export type SwitchFlow = { app: MobileApp; on: boolean; steps: SwitchStep[]; accepted: boolean };

export function useAppSwitch(node: AppsNode, reached: readonly unknown[], known: ReachKnown) {
  const [flow, setFlow] = useState<SwitchFlow | null>(null);
  const action = useAction({
    ...assignAction,
    success: (data) => (data.is_assigned ? APP_MSG.assigned : APP_MSG.unassigned),
  });

  const advance = async (current: SwitchFlow) => {
    if (current.steps[0] !== 'send') {
      setFlow(current);
      return;
    }
    setFlow({ ...current, steps: ['send'] });
    await action.run(assignVars(node, current.app, current.on, current.accepted));
    setFlow(null);
  };

  return {
    /** The step on screen ('warning' or 'confirm'), with its app and direction; null when none. */
    step: flow && flow.steps[0] !== 'send' ? { kind: flow.steps[0]!, app: flow.app, on: flow.on } : null,
    /** The app whose change is on its way. */
    pendingId: action.pending ? (flow?.app.id ?? null) : null,
    pending: action.pending,
    toggle: (app: MobileApp, on: boolean) =>
      void advance({ app, on, steps: switchSteps(app, on, reached, known), accepted: false }),
    /** The step on screen was confirmed (the warning's box ticked, or Confirm). */
    confirm: () => {
      if (!flow) return;
      const accepted = flow.accepted || flow.steps[0] === 'warning';
      void advance({ ...flow, steps: flow.steps.slice(1), accepted });
    },
    cancel: () => setFlow(null),
  };
}
