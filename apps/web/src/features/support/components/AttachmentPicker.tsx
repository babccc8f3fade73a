/**
 * Optional feedback attachments (002 §2.14, §5): a file picker, the limits stated, the files added so
 * far with a remove button each, and the reasons a picked file was refused.
 */
import { useId, useRef, useState } from 'react';
import { ActionIcon, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { IconFile, IconPaperclip, IconX } from '@tabler/icons-react';
import { FEEDBACK_FILE_ACCEPT } from '@wayguard/contracts';
import { ATTACHMENT_HINT, addAttachments, formatSize } from '../lib/attachments';

type Props = { files: File[]; onChange: (files: File[]) => void; disabled?: boolean };

export function AttachmentPicker({ files, onChange, disabled }: Props) {
  const [errors, setErrors] = useState<string[]>([]);
  const resetRef = useRef<() => void>(null);
  const labelId = useId();
  const hintId = useId();

  const pick = (picked: File[]) => {
    const result = addAttachments(files, picked);
    setErrors(result.errors);
    onChange(result.files);
    // Clear the input so that a removed file can be picked again.
    resetRef.current?.();
  };

  const remove = (name: string) => {
    setErrors([]);
    onChange(files.filter((f) => f.name !== name));
  };

  return (
    <Stack gap="xs" role="group" aria-labelledby={labelId} aria-describedby={hintId}>
      <Text id={labelId} size="sm" fw={500}>
        Attachments
      </Text>
      <Text id={hintId} size="sm" c="dimmed">
        {ATTACHMENT_HINT}
      </Text>
      {files.length > 0 && (
        <Stack component="ul" gap={4} m={0} p={0} style={{ listStyle: 'none' }} aria-label="Attached files">
          {files.map((file) => (
            <Group component="li" key={file.name} gap="xs" wrap="nowrap" data-testid="attachment">
              <IconFile size={18} aria-hidden="true" style={{ flexShrink: 0 }} />
              <Text size="sm" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
                {file.name}
              </Text>
              <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                {formatSize(file.size)}
              </Text>
              <ActionIcon
                variant="default"
                size="md"
                aria-label={`Remove ${file.name}`}
                onClick={() => remove(file.name)}
                disabled={disabled}
              >
                <IconX size={16} aria-hidden="true" />
              </ActionIcon>
            </Group>
          ))}
        </Stack>
      )}
      <div role="alert" data-testid="attachment-errors">
        {errors.map((e) => (
          <Text key={e} size="sm" c="var(--mantine-color-error)">
            {e}
          </Text>
        ))}
      </div>
      <Group>
        <FileButton onChange={pick} accept={FEEDBACK_FILE_ACCEPT} multiple resetRef={resetRef} disabled={disabled}>
          {(props) => (
            <Button
              {...props}
              variant="default"
              disabled={disabled}
              leftSection={<IconPaperclip size={18} aria-hidden="true" />}
            >
              Add files
            </Button>
          )}
        </FileButton>
      </Group>
    </Stack>
  );
}
