/**
 * License Agreement, Terms of Use and Privacy Policy (002 §2.15): the agreement's title and content
 * from the session's registration info, with a Back to Top button on long texts and links to the
 * other two agreements (the only way to the Privacy Policy, which the rail does not list).
 */
import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { AgreementParagraphs } from '../../../components/agreement/AgreementParagraphs';
import { BackToTop } from '../../../components/BackToTop';
import { useRegistrationInfo } from '../../../api/registration-info';
import { usePageTitle } from '../../../lib/page-title';
import { otherAgreements, type AgreementKind } from './agreement-links';

const HEADING_ID = 'agreement-heading';

function OtherAgreements({ kind }: { kind: AgreementKind }) {
  return (
    <Group component="nav" aria-label="Other agreements" gap="md" data-testid="other-agreements">
      <Text size="sm" c="dimmed" span>
        See also:
      </Text>
      {otherAgreements(kind).map((p) => (
        <Anchor key={p.kind} component={Link} to={p.path} size="sm" td="underline">
          {p.title}
        </Anchor>
      ))}
    </Group>
  );
}

export function AgreementPage({ kind, pageTitle }: { kind: AgreementKind; pageTitle: string }) {
  usePageTitle(pageTitle);
  const { title, content } = useRegistrationInfo().agreements[kind];
  return (
    <Stack gap="lg" maw={860}>
      <Stack gap="xs">
        <Title order={1} id={HEADING_ID} tabIndex={-1}>
          {title || pageTitle}
        </Title>
        <OtherAgreements kind={kind} />
      </Stack>
      <Paper withBorder p="lg" data-testid="agreement-content">
        {content ? <AgreementParagraphs content={content} /> : <Text>This agreement has not been published yet.</Text>}
      </Paper>
      <BackToTop focusId={HEADING_ID} />
    </Stack>
  );
}
