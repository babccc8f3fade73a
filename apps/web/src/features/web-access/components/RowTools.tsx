/**
 * A row's schedule link ('Schedule', or 'Scheduled' when the node's rule has one; it opens the
 * weekly schedule editor) and its menu with 'Reset to inherited' when the node has a rule of its own.
 */
import type { ReactNode } from 'react';
import { Anchor, Group, Text, VisuallyHidden } from '@mantine/core';
import { IconArrowBackUp, IconClock } from '@tabler/icons-react';
import { RowActionsMenu } from '../../../components/list';
import { describeSchedule } from '../lib/schedule-edit';
import { RESET_TO_INHERITED, SCHEDULED_LINK, SCHEDULE_LINK, canResetToInherited, type AccessRow } from '../lib/access';

type Props = {
  row: AccessRow;
  name: string;
  canChange: boolean;
  onSchedule: () => void;
  onReset: () => void;
};

export function RowTools({ row, name, canChange, onSchedule, onReset }: Props) {
  const summary = describeSchedule(row.schedule);
  return (
    <Group gap="xs" wrap="nowrap">
      <WithSummary summary={summary}>
        <Anchor
          component="button"
          type="button"
          size="sm"
          onClick={onSchedule}
          disabled={!canChange && !row.scheduled}
          title={summary || undefined}
        >
          <Group gap={4} wrap="nowrap" component="span">
            <IconClock size={14} aria-hidden="true" />
            <span>
              {row.scheduled ? SCHEDULED_LINK : SCHEDULE_LINK}
              <VisuallyHidden> for {name}</VisuallyHidden>
            </span>
          </Group>
        </Anchor>
      </WithSummary>
      {canChange && canResetToInherited(row) && (
        <RowActionsMenu
          label={`More actions for ${name}`}
          actions={[
            { key: 'reset', label: RESET_TO_INHERITED, icon: <IconArrowBackUp size={14} />, onSelect: onReset },
          ]}
        />
      )}
    </Group>
  );
}

/** The schedule's windows in words under the link, when there is one. */
function WithSummary({ summary, children }: { summary: string; children: ReactNode }) {
  if (!summary) return <>{children}</>;
  return (
    <div>
      {children}
      <Text size="xs" c="dimmed" data-testid="schedule-summary">
        {summary}
      </Text>
    </div>
  );
}
