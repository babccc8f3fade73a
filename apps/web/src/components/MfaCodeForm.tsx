/** Login step "two-factor": six digits from the authenticator app (000 §4.1 step 4, §5). */
import { useId, type ReactNode } from 'react';
import { Button, Input, PinInput, Stack, Text } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { MFA_CODE_LENGTH, MSG, mfaForm } from '@wayguard/contracts';

export const MFA_CODE_LABEL = 'Authentication code';

type Props = { pending: boolean; onSubmit: (pin: string) => void; captcha?: ReactNode };

export function MfaCodeForm({ pending, onSubmit, captcha }: Props) {
  const pinId = useId();
  const labelId = `${pinId}-label`;
  const promptId = `${pinId}-prompt`;
  const errorId = `${pinId}-error`;
  const {
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<{ mfa_pin: string }>({ resolver: zodResolver(mfaForm), defaultValues: { mfa_pin: '' } });
  const error = errors.mfa_pin?.message;
  const describedBy = error ? `${promptId} ${errorId}` : promptId;

  return (
    <form noValidate onSubmit={handleSubmit((values) => onSubmit(values.mfa_pin))}>
      <Stack gap="md">
        <Text id={promptId}>{MSG.mfaPrompt}</Text>
        <Stack gap={6}>
          <Input.Label id={labelId} htmlFor={`${pinId}-1`}>
            {MFA_CODE_LABEL}
          </Input.Label>
          <Controller
            name="mfa_pin"
            control={control}
            render={({ field }) => (
              <PinInput
                id={pinId}
                ref={field.ref}
                length={MFA_CODE_LENGTH}
                type="number"
                oneTimeCode
                autoFocus
                size="md"
                value={field.value}
                onChange={field.onChange}
                error={!!error}
                aria-labelledby={labelId}
                aria-describedby={describedBy}
                getInputProps={(index) => ({
                  'aria-label': `${MFA_CODE_LABEL} digit ${index + 1} of ${MFA_CODE_LENGTH}`,
                  'aria-describedby': describedBy,
                  onBlur: field.onBlur,
                })}
              />
            )}
          />
          {error && <Input.Error id={errorId}>{error}</Input.Error>}
        </Stack>
        {captcha}
        <Button type="submit" fullWidth loading={pending}>
          Verify
        </Button>
      </Stack>
    </form>
  );
}
