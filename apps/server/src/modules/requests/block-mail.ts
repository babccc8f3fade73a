/**
 * The "blocked" note of a block request (001 §3 'notify {name, email}'): the person named in the block
 * form is told which address was blocked, for whom, why and by whom. One note per call, naming every
 * target the call blocked; none when nothing was blocked (docs/decisions/requests.md "Block notes (issue 26)").
 */
import type { RuleScope } from '@wayguard/contracts';
import { CONSOLE_NAME } from '@wayguard/contracts';

/** How a note names a target. */
export function blockTargetLabel(scope: RuleScope): string {
  switch (scope.kind) {
    case 'account':
      return 'the whole account';
    case 'device':
      return `the device ${scope.name}`;
    case 'user':
      return `the user ${scope.name}`;
    case 'connection':
      return `the server connection ${scope.name}`;
  }
}

export type BlockNote = { url: string; reason: string; name: string; blockedBy: string; targets: string[] };

/** The note's subject and text (plain text: no markup from the form is ever rendered). */
export function blockedMail(n: BlockNote): { subject: string; text: string } {
  return {
    subject: `Website blocked: ${n.url}`,
    text:
      `Hello ${n.name},\n\n` +
      `${n.url} has been blocked in ${CONSOLE_NAME} for ${n.targets.join(', ')}.\n\n` +
      `Reason: ${n.reason}\n\n` +
      `Blocked by ${n.blockedBy}. You receive this note because your e-mail address was given in the block request.`,
  };
}
