// Types of blocked.mjs.
import type { AgentWebAccessPolicy } from '@wayguard/contracts';
export type PolicyWebAccess = AgentWebAccessPolicy;
export function blockedAddresses(web: PolicyWebAccess | null | undefined): { kind: 'website' | 'media'; url: string }[];
