/** The product's shield and name at the top of the public pages. */
import { Group, Text } from '@mantine/core';
import { PRODUCT_NAME } from '@wayguard/contracts';

export function ProductLogo() {
  return (
    <Group gap="xs" wrap="nowrap">
      <svg width="36" height="36" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <path d="M16 2 4 7v8c0 7.5 5.1 13.6 12 15 6.9-1.4 12-7.5 12-15V7z" fill="#1c5d99" />
        <path d="m10 16 4 4 8-8" stroke="#fff" strokeWidth="3" fill="none" />
      </svg>
      <Text component="span" fw={700} fz="xl" lh={1}>
        {PRODUCT_NAME}
      </Text>
    </Group>
  );
}
