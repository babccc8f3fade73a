/**
 * One contact field's value by its type (002 §2.13): e-mail as a mail link, url as a link that opens
 * in a new tab, phone as a tel: link (ours), anything else as text.
 */
import { Anchor, Text, VisuallyHidden } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import type { ContactResponse } from '@wayguard/contracts';

export type ContactField = ContactResponse['fields'][number];

/** tel: takes digits and a leading plus only. */
export function telHref(value: string): string {
  return `tel:${value.replace(/[^\d+]/g, '')}`;
}

export function ContactFieldValue({ field }: { field: ContactField }) {
  switch (field.type) {
    case 'email':
      return <Anchor href={`mailto:${field.value}`}>{field.value}</Anchor>;
    case 'url':
      return (
        <Anchor href={field.value} target="_blank" rel="noopener noreferrer">
          {field.value}
          <IconExternalLink size={14} aria-hidden="true" style={{ marginLeft: 4, verticalAlign: 'middle' }} />
          <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
        </Anchor>
      );
    case 'phone':
      return <Anchor href={telHref(field.value)}>{field.value}</Anchor>;
    default:
      return <Text span>{field.value}</Text>;
  }
}
