/**
 * "Test a website" (issue 10 'Beyond every anchor — Why?'): a URL in, and what this device or user
 * gets when it opens it now: Allowed or Blocked in words, the sentence why, the categories, and the
 * resolver's trace (scope, subject, action, outcome, reason, origin). The server's input errors show
 * under the field.
 */
import { useState, type FormEvent } from 'react';
import { Badge, Button, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconShieldCheck, IconShieldX } from '@tabler/icons-react';
import { WEB_ACCESS_MSG, WEBSITE_TEST_URL_MAX, type TestWebsiteResponse } from '@wayguard/contracts';
import { SectionCard } from '../../../components/SectionCard';
import { useAction } from '../../../lib/use-action';
import { testWebsiteAction } from '../api/test-website';
import { nodeNoun, type WebAccessNode } from '../lib/node';
import { DECIDED_BY_LABELS, DECISION_LABELS, OUTCOME_LABELS, testedAddress } from '../lib/test-result';

export function TestWebsiteCard({ node }: { node: WebAccessNode }) {
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<TestWebsiteResponse | null>(null);
  const action = useAction({ ...testWebsiteAction, errors: 'inline', success: null });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const value = url.trim();
    if (!value) {
      setError(WEB_ACCESS_MSG.urlRequired);
      return;
    }
    setError(null);
    const outcome = await action.run({ node_id: node.id, node_type: node.type, url: value });
    if (outcome.ok) setResult(outcome.data);
    else {
      setResult(null);
      setError(outcome.fields.url ?? outcome.message);
    }
  };

  return (
    <SectionCard
      title="Test a website"
      description={`Enter an address to see whether ${nodeNoun(node)} may open it now, and why.`}
      testId="test-website"
    >
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Group gap="sm" align="flex-start" wrap="wrap">
          <TextInput
            label="Website address"
            placeholder="e.g. www.example.com/page"
            value={url}
            maxLength={WEBSITE_TEST_URL_MAX}
            onChange={(e) => setUrl(e.currentTarget.value)}
            error={error}
            style={{ flex: 1, minWidth: 240 }}
          />
          <Button type="submit" mt={25} loading={action.pending}>
            Test
          </Button>
        </Group>
      </form>
      {result && <TestResult result={result} />}
    </SectionCard>
  );
}

function TestResult({ result }: { result: TestWebsiteResponse }) {
  const allowed = result.decision === 'ALLOW';
  return (
    <Stack gap="sm" aria-live="polite" data-testid="test-result">
      <Group gap="sm">
        <Badge
          size="lg"
          color={allowed ? 'green' : 'red'}
          leftSection={
            allowed ? <IconShieldCheck size={14} aria-hidden="true" /> : <IconShieldX size={14} aria-hidden="true" />
          }
          data-testid="test-decision"
        >
          {DECISION_LABELS[result.decision]}
        </Badge>
        <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
          {testedAddress(result)}
        </Text>
      </Group>
      <Text size="sm" data-testid="test-explanation">
        {result.explanation}
      </Text>
      <Text size="sm" c="dimmed">
        Decided by: {DECIDED_BY_LABELS[result.decided_by]}
        {result.categories.length > 0 && (
          <> · Categories: {result.categories.map((c) => (c.locked ? `${c.name} (locked)` : c.name)).join(', ')}</>
        )}
      </Text>
      {result.trace.length > 0 && (
        <Table.ScrollContainer minWidth={640} type="native">
          <Table verticalSpacing="xs" fz="sm">
            <Table.Caption>The rules that apply, and which one decides</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Scope</Table.Th>
                <Table.Th>Subject</Table.Th>
                <Table.Th>Action</Table.Th>
                <Table.Th>Outcome</Table.Th>
                <Table.Th>Reason</Table.Th>
                <Table.Th>Origin</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {result.trace.map((t) => (
                <Table.Tr key={t.rule_id} data-outcome={t.outcome}>
                  <Table.Td>{t.scope}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{t.subject}</Table.Td>
                  <Table.Td>{DECISION_LABELS[t.action]}</Table.Td>
                  <Table.Td>{OUTCOME_LABELS[t.outcome]}</Table.Td>
                  <Table.Td>{t.reason}</Table.Td>
                  <Table.Td>{t.origin}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
