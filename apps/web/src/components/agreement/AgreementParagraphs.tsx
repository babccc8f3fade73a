/** An agreement's plain text as paragraphs (the same rendering in the gating modal and the agreement pages). */
import { Text, type MantineSize } from '@mantine/core';
import { paragraphs } from './paragraphs';

export function AgreementParagraphs({ content, size }: { content: string; size?: MantineSize }) {
  return paragraphs(content).map((p, i) => (
    <Text key={i} size={size} mb="sm" style={{ whiteSpace: 'pre-line' }}>
      {p}
    </Text>
  ));
}
