/** Label/value rows of a device card, as a description list; an empty value reads '---' (001 §2.2). */
import type { ReactNode } from 'react';
import { DataList } from '@mantine/core';
import { MISSING_VALUE } from '@wayguard/contracts';

export type ValueRow = [label: string, value: ReactNode];

export function ValueRows({ rows, testId }: { rows: ValueRow[]; testId?: string }) {
  return (
    <DataList labelWidth="10rem" withDivider data-testid={testId}>
      {rows.map(([label, value]) => (
        <DataList.Item key={label}>
          <DataList.ItemLabel>{label}</DataList.ItemLabel>
          <DataList.ItemValue style={{ overflowWrap: 'anywhere' }}>
            {value === '' || value === null || value === undefined ? MISSING_VALUE : value}
          </DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList>
  );
}
