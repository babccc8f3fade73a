/** Label/value rows of a user card, as a description list. */
import type { ReactNode } from 'react';
import { DataList } from '@mantine/core';

export function ValueList({ rows, testId }: { rows: [label: string, value: ReactNode][]; testId?: string }) {
  return (
    <DataList labelWidth="10rem" withDivider data-testid={testId}>
      {rows.map(([label, value]) => (
        <DataList.Item key={label}>
          <DataList.ItemLabel>{label}</DataList.ItemLabel>
          <DataList.ItemValue style={{ overflowWrap: 'anywhere' }}>{value}</DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList>
  );
}
