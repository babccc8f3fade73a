/**
 * The frame of every web-access page of a node (002 §2.3-2.5, §2.9): the node read from the address
 * (an unusable one sends the visitor back), the page title, then the screen for that node.
 */
import type { ReactNode } from 'react';
import { usePageTitle } from '../../../lib/page-title';
import { useLeaveOnLoadError, useNodeFromAddress } from '../hooks/use-node-page';
import { nodePageTitle, type WebAccessNode } from '../lib/node';

export function NodePage({ title, screen }: { title: string; screen: (node: WebAccessNode) => ReactNode }) {
  const node = useNodeFromAddress();
  useLeaveOnLoadError(node, null);
  usePageTitle(nodePageTitle(node, title));
  return node ? screen(node) : null;
}
