/**
 * License Agreement, Terms of Use and Privacy Policy (002 §2.15): the agreement's title and content
 * from the session's registration info, with a Back to Top button on long texts.
 */
import { Paper, Stack, Text, Title } from '@mantine/core';
import type { RegistrationInfo } from '@wayguard/contracts';
import { AgreementParagraphs } from '../../../components/agreement/AgreementParagraphs';
import { BackToTop } from '../../../components/BackToTop';
import { useRegistrationInfo } from '../../../lib/api/registration-info';
import { usePageTitle } from '../../../lib/page-title';

export type AgreementKind = keyof RegistrationInfo['agreements'];

const HEADING_ID = 'agreement-heading';

export function AgreementPage({ kind, pageTitle }: { kind: AgreementKind; pageTitle: string }) {
  usePageTitle(pageTitle);
  const { title, content } = useRegistrationInfo().agreements[kind];
  return (
    <Stack gap="lg" maw={860}>
      <Title order={1} id={HEADING_ID} tabIndex={-1}>
        {title || pageTitle}
      </Title>
      <Paper withBorder p="lg" data-testid="agreement-content">
        {content ? <AgreementParagraphs content={content} /> : <Text>This agreement has not been published yet.</Text>}
      </Paper>
      <BackToTop focusId={HEADING_ID} />
    </Stack>
  );
}
