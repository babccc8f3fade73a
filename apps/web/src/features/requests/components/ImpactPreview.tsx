/**
 * The approval dialog's impact preview (issue 11): how many devices and users the approval unblocks and
 * what else it unblocks, read when the dialog opens (and again when the group changes). A polite live
 * region: screen readers hear the answer when it arrives. Nothing is shown for approvals without one.
 */
import { Paper, Skeleton, Stack, Text } from '@mantine/core';
import type { ImpactRequest } from '@wayguard/contracts';
import { useApprovalImpact } from '../api/impact';
import { alsoText, membersText } from '../lib/impact';

export function ImpactPreview({ request }: { request: ImpactRequest | null }) {
  const impact = useApprovalImpact(request);
  if (request === null) return null;
  return (
    <Paper withBorder p="sm" radius="sm" data-testid="impact-preview">
      <Stack gap={4} role="status" aria-live="polite" aria-busy={impact.isPending}>
        <Text size="sm" fw={600} component="h3" m={0}>
          What this approval unblocks
        </Text>
        {impact.isPending ? (
          <>
            <Text size="sm" c="dimmed">
              Working out what this approval unblocks…
            </Text>
            <Skeleton height={10} radius="sm" aria-hidden="true" />
          </>
        ) : impact.isError ? (
          <Text size="sm" c="red.8">
            What this approval unblocks could not be worked out. You can still approve.
          </Text>
        ) : (
          <>
            <Text size="sm">{membersText(impact.data, request.scope.kind)}</Text>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {alsoText(impact.data.also_unblocked)}
            </Text>
          </>
        )}
      </Stack>
    </Paper>
  );
}
