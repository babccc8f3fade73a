/** A titled group of dashboard tiles. */
import { useId, type ReactNode } from 'react';
import { SimpleGrid, Title } from '@mantine/core';

type Props = {
  title: string;
  cols: { base: number; sm?: number; lg?: number };
  children: ReactNode;
  footer?: ReactNode;
};

export function TileSection({ title, cols, children, footer }: Props) {
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <Title order={2} size="h4" id={id} mb="sm">
        {title}
      </Title>
      <SimpleGrid cols={cols} spacing="md">
        {children}
      </SimpleGrid>
      {footer}
    </section>
  );
}
