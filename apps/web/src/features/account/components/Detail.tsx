/** A label/value row of a card's description list; an empty value reads 'Not set'. */
import type { ReactNode } from 'react';
import { DataList, Text } from '@mantine/core';

type Props = { label: ReactNode; children?: ReactNode; testId?: string };

export function Detail({ label, children, testId }: Props) {
  const empty = children === undefined || children === null || children === '';
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue data-testid={testId}>
        {empty ? (
          <Text span c="dimmed" fz="inherit">
            Not set
          </Text>
        ) : (
          children
        )}
      </DataList.ItemValue>
    </DataList.Item>
  );
}
