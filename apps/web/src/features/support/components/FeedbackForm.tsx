/**
 * The feedback form (002 §2.14, §5, §7): name and e-mail (prefilled), subject, feedback, optional
 * attachments and the acknowledge checkbox. Send works only with the box ticked and every field
 * valid. The upload shows its progress; the server's answer is the toast, and the form starts over.
 */
import { useId, useState } from 'react';
import { Button, Checkbox, Progress, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import {
  FEEDBACK_NAME_MAX,
  FEEDBACK_NOTES_MAX,
  FEEDBACK_SUBJECT_MAX,
  MSG,
  feedbackForm,
  type FeedbackForm as FeedbackFields,
} from '@wayguard/contracts';
import { useAction } from '../../../lib/use-action';
import { createFeedbackAction } from '../api/create-feedback';
import { AttachmentPicker } from './AttachmentPicker';

type Values = z.input<typeof feedbackForm>;
type Props = { defaultName: string; defaultEmail: string; onSent: () => void };

export const ACKNOWLEDGE_LABEL =
  'I understand that my feedback, my name and e-mail address and any attached files will be sent to the Wayguard support team, who may contact me about it.';

export function FeedbackForm({ defaultName, defaultEmail, onSent }: Props) {
  const defaultValues: Values = {
    feedback_name: defaultName,
    feedback_email: defaultEmail,
    feedback_summary: '',
    feedback_notes: '',
  };
  const {
    register,
    handleSubmit,
    reset,
    setError,
    getValues,
    formState: { errors, isValid },
  } = useForm<Values, unknown, FeedbackFields>({
    resolver: zodResolver(feedbackForm),
    mode: 'onTouched',
    defaultValues,
  });
  const [files, setFiles] = useState<File[]>([]);
  const [acknowledged, setAcknowledged] = useState(false);
  const [round, setRound] = useState(0);
  const [progress, setProgress] = useState(0);
  const send = useAction({
    ...createFeedbackAction,
    success: (answer) => answer.message || MSG.feedbackSent,
  });
  const blockedId = useId();

  const canSend = isValid && acknowledged && !send.pending;

  const submit = async (fields: FeedbackFields) => {
    if (!acknowledged) return;
    setProgress(0);
    // A 400 naming fields marks those inputs as well as showing its text.
    const outcome = await send.run({ fields, files, onProgress: setProgress }, { form: { setError, getValues } });
    if (!outcome.ok) return;
    reset(defaultValues);
    setFiles([]);
    setAcknowledged(false);
    setRound((n) => n + 1);
    onSent();
  };

  const percent = Math.round(progress * 100);

  return (
    <form noValidate onSubmit={(e) => void handleSubmit(submit)(e)} aria-label="Feedback">
      <Stack gap="md">
        <TextInput
          label="Name"
          autoComplete="name"
          required
          maxLength={FEEDBACK_NAME_MAX}
          error={errors.feedback_name?.message}
          {...register('feedback_name')}
        />
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          required
          error={errors.feedback_email?.message}
          {...register('feedback_email')}
        />
        <TextInput
          label="Subject"
          required
          maxLength={FEEDBACK_SUBJECT_MAX}
          error={errors.feedback_summary?.message}
          {...register('feedback_summary')}
        />
        <Textarea
          label="Feedback"
          required
          autosize
          minRows={5}
          maxRows={14}
          maxLength={FEEDBACK_NOTES_MAX}
          error={errors.feedback_notes?.message}
          {...register('feedback_notes')}
        />
        <AttachmentPicker key={round} files={files} onChange={setFiles} disabled={send.pending} />
        <Checkbox
          label={ACKNOWLEDGE_LABEL}
          checked={acknowledged}
          onChange={(event) => setAcknowledged(event.currentTarget.checked)}
          disabled={send.pending}
        />
        {send.pending && (
          <Stack gap={4} data-testid="upload-progress">
            <Text size="sm">Sending… {percent}%</Text>
            <Progress value={percent} aria-label="Upload progress" />
          </Stack>
        )}
        <Stack gap={4} align="flex-start">
          <Button
            type="submit"
            disabled={!canSend}
            loading={send.pending}
            leftSection={<IconSend size={18} aria-hidden="true" />}
            aria-describedby={canSend || send.pending ? undefined : blockedId}
          >
            Send
          </Button>
          {!canSend && !send.pending && (
            <Text id={blockedId} size="sm" c="dimmed">
              Fill in every field and tick the box above to send.
            </Text>
          )}
        </Stack>
      </Stack>
    </form>
  );
}
