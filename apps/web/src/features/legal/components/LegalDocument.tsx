/**
 * Frame of the static legal pages (002 §2.15): a link back (to the console when signed in, to the
 * login page otherwise), the title, the last-updated date and the company's text.
 */
import type { ReactNode } from 'react';
import { Anchor, Stack, Text, Title, Typography } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';
import { BackToTop } from '../../../components/BackToTop';
import { usePageTitle } from '../../../lib/page-title';
import { sessionMarker } from '../../../lib/session-marker';
import classes from './LegalDocument.module.css';
import { paths } from '../../../lib/paths';

type Props = {
  title: string;
  /** Last-updated date: ISO for the machine, as people read it for the page. */
  updated: { iso: string; label: string };
  children: ReactNode;
};

const HEADING_ID = 'legal-heading';

function BackLink() {
  const signedIn = sessionMarker.isSet();
  return (
    <Anchor component={Link} to={signedIn ? paths.home.href() : paths.login.href()} size="sm" data-testid="legal-back">
      <IconArrowLeft size={16} aria-hidden="true" style={{ verticalAlign: 'text-bottom', marginRight: 4 }} />
      {signedIn ? 'Back to the console' : 'Back to login'}
    </Anchor>
  );
}

export function LegalDocument({ title, updated, children }: Props) {
  usePageTitle(title);
  return (
    <Stack gap="md" component="article" aria-labelledby={HEADING_ID}>
      <BackLink />
      <Title order={1} id={HEADING_ID} tabIndex={-1}>
        {title}
      </Title>
      <Text size="sm" c="dimmed" data-testid="legal-updated">
        Last updated: <time dateTime={updated.iso}>{updated.label}</time>
      </Text>
      <Typography className={classes.doc}>{children}</Typography>
      <BackLink />
      <BackToTop focusId={HEADING_ID} />
    </Stack>
  );
}

/** A table that scrolls sideways on narrow screens instead of overflowing the page. */
export function LegalTable({ children, label }: { children: ReactNode; label: string }) {
  return (
    <div className={classes.tableScroller} role="region" aria-label={label} tabIndex={0}>
      <table>{children}</table>
    </div>
  );
}
