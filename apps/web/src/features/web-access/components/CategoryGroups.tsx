/**
 * The categories of a node in accordions per group (002 §2.3; the server sorts the groups alphabetically
 * by title, the account's 'Custom categories' among them: docs/decisions/web-access.md "Category ordering"): each
 * category's name, description, Allowed/Blocked switch, why, and schedule link. 'No categories found' when nothing
 * matches.
 */
import { Accordion, Badge, Group, Stack, Text } from '@mantine/core';
import type { CategoryItem, CategoriesResponse } from '@wayguard/contracts';
import { ListEmptyState } from '../../../components/list';
import { subjectField } from '../lib/access';
import type { AccessChanges, AccessSubject } from '../hooks/use-access-changes';
import { AccessSwitch } from './AccessSwitch';
import { RowTools } from './RowTools';

export const NO_CATEGORIES = 'No categories found';

type Props = {
  groups: CategoriesResponse['groups'];
  open: string[];
  onOpenChange: (open: string[]) => void;
  changes: AccessChanges;
  canChange: boolean;
  onSchedule: (subject: AccessSubject, row: CategoryItem) => void;
};

const subjectOf = (c: CategoryItem): AccessSubject => ({ field: subjectField(c), id: c.id, name: c.name });

export function CategoryGroups({ groups, open, onOpenChange, changes, canChange, onSchedule }: Props) {
  if (groups.every((g) => g.categories.length === 0)) return <ListEmptyState text={NO_CATEGORIES} />;
  return (
    <Accordion multiple value={open} onChange={onOpenChange} variant="separated" chevronPosition="left">
      {groups.map((g) => (
        <Accordion.Item key={g.key} value={g.key} data-testid={`category-group-${g.key}`}>
          <Accordion.Control>
            <Group gap="xs">
              <Text fw={600}>{g.title}</Text>
              <Badge size="sm" variant="light" color="gray">
                {g.categories.length}
              </Badge>
            </Group>
          </Accordion.Control>
          <Accordion.Panel>
            <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label={g.title}>
              {g.categories.map((c) => (
                <Group
                  key={`${c.is_custom ? 'custom' : 'category'}-${c.id}`}
                  component="li"
                  justify="space-between"
                  align="flex-start"
                  wrap="wrap"
                  gap="md"
                  py="sm"
                  style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
                  data-testid="category-row"
                >
                  <Stack gap={2} style={{ flex: '1 1 16rem' }}>
                    <Text fw={600} size="sm">
                      {c.name}
                    </Text>
                    {c.description && (
                      <Text size="sm" c="dimmed">
                        {c.description}
                      </Text>
                    )}
                  </Stack>
                  <Group gap="md" align="flex-start" wrap="nowrap" style={{ flex: '1 1 20rem' }} justify="flex-end">
                    <AccessSwitch
                      row={c}
                      name={c.name}
                      canChange={canChange}
                      pending={changes.isPending(subjectOf(c))}
                      onChange={(rule) => void changes.change(subjectOf(c), rule, c)}
                    />
                    <RowTools
                      row={c}
                      name={c.name}
                      canChange={canChange}
                      onSchedule={() => onSchedule(subjectOf(c), c)}
                      onReset={() => void changes.change(subjectOf(c), 'inherit')}
                    />
                  </Group>
                </Group>
              ))}
            </Stack>
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}
