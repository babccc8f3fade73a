/**
 * A list of labelled values (a <dl>) as the row accordions show them: a request's details, a media
 * item's info. A value with an `href` is a link that opens in a new tab.
 */
import { Anchor, Box, Group, Text } from '@mantine/core';
import { NEW_TAB } from '../lib/classic-console';

export type DetailField = { label: string; value: string; href?: string | null | undefined };

export function DetailList({ fields, labelWidth }: { fields: readonly DetailField[]; labelWidth: number }) {
  return (
    <Box component="dl" m={0}>
      {fields.map((f) => (
        <Group key={f.label} gap="xs" wrap="nowrap" align="flex-start">
          <Text component="dt" size="sm" fw={600} w={labelWidth} style={{ flexShrink: 0 }}>
            {f.label}
          </Text>
          <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
            {f.href ? (
              <Anchor href={f.href} {...NEW_TAB} size="sm">
                {f.value}
              </Anchor>
            ) : (
              f.value
            )}
          </Text>
        </Group>
      ))}
    </Box>
  );
}
