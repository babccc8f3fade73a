/**
 * The confirmation before a switch replaces a rule of the node's own that has a schedule or an end
 * (issue 26, docs/decisions/web-access.md "The switch and a scheduled rule (issue 26)"): what the always-on rule
 * removes, Cancel (focused first) or 'Replace rule'. The schedule editor keeps a schedule instead.
 */
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { AccessChanges } from '../hooks/use-access-changes';
import { REPLACE_RULE_CONFIRM, REPLACE_RULE_TITLE } from '../lib/access';

export function ReplaceRuleDialog({ changes }: { changes: AccessChanges }) {
  const { confirming } = changes;
  return (
    <Modal
      opened={confirming !== null}
      onClose={changes.cancel}
      title={REPLACE_RULE_TITLE}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="md">
        <Text size="sm" data-testid="replace-rule-loss">
          {confirming?.message}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={changes.cancel} data-autofocus>
            Cancel
          </Button>
          <Button color="red" onClick={() => void changes.confirm()}>
            {REPLACE_RULE_CONFIRM}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
