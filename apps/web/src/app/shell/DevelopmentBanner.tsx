/**
 * The notice that the new console is still in development (000 §1). It can be collapsed to a slim bar;
 * the choice is remembered in local storage.
 */
import { Alert, Button, Group, Text } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { IconChevronDown, IconChevronUp, IconInfoCircle } from '@tabler/icons-react';
import { MSG } from '@wayguard/contracts';

export const BANNER_COLLAPSED_KEY = 'wg.developmentBanner.collapsed';

export function DevelopmentBanner() {
  const [collapsed, setCollapsed] = useLocalStorage<boolean>({
    key: BANNER_COLLAPSED_KEY,
    defaultValue: false,
    getInitialValueInEffect: false,
  });
  if (collapsed) {
    return (
      <Group justify="flex-end" mb="xs">
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconInfoCircle size={16} aria-hidden="true" />}
          rightSection={<IconChevronDown size={14} aria-hidden="true" />}
          aria-expanded={false}
          onClick={() => setCollapsed(false)}
        >
          Show development notice
        </Button>
      </Group>
    );
  }
  return (
    <Alert
      role="region"
      aria-label="Development notice"
      variant="light"
      color="yellow"
      icon={<IconInfoCircle aria-hidden="true" />}
      mb="md"
      py="xs"
    >
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text size="sm">{MSG.developmentBanner}</Text>
        <Button
          variant="subtle"
          color="dark"
          size="compact-sm"
          rightSection={<IconChevronUp size={14} aria-hidden="true" />}
          aria-expanded={true}
          onClick={() => setCollapsed(true)}
          style={{ flexShrink: 0 }}
        >
          Hide
        </Button>
      </Group>
    </Alert>
  );
}
