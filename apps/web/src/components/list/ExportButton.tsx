/**
 * Exports the list as XLSX (000 §7, 001 §7): runs the feature's export call, saves the base64 answer
 * under the server's file name, and says that it is working while the server builds the file, which
 * can take a while for a big list. A failure shows the server's text (lib/action-error).
 */
import { useState } from 'react';
import { Button, Group, Loader, Text } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import type { ExportResponse } from '@wayguard/contracts';
import { showActionError } from '../../lib/action-error';
import { saveBase64File } from './download';

type Props = {
  /** The feature's export call with the list's current parameters. */
  onExport: () => Promise<ExportResponse>;
  label?: string;
  /** Said while the file is being prepared. */
  progressText?: string;
};

export function ExportButton({ onExport, label = 'Export', progressText = 'Preparing the export…' }: Props) {
  const [running, setRunning] = useState(false);

  const run = async () => {
    setRunning(true);
    try {
      const file = await onExport();
      saveBase64File(file.content, file.filename);
    } catch (e) {
      showActionError(e);
    } finally {
      setRunning(false);
    }
  };

  return (
    <Group gap="xs" wrap="nowrap">
      {/* The live region is always there so that screen readers announce the progress when it starts. */}
      <Text size="sm" role="status" aria-live="polite" data-testid="export-status">
        {running && (
          <Group component="span" gap={6} wrap="nowrap">
            <Loader size={14} aria-hidden="true" />
            {progressText}
          </Group>
        )}
      </Text>
      <Button
        variant="default"
        leftSection={<IconFileSpreadsheet size={16} aria-hidden="true" />}
        onClick={() => void run()}
        disabled={running}
        aria-busy={running}
      >
        {label}
      </Button>
    </Group>
  );
}
