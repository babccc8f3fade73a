/**
 * Social Media Profiles (000 §2.6): the Facebook, Twitter and YouTube handles in that order, each a
 * link to the profile; edited in place, each handle at most 32 characters.
 */
import { Anchor, DataList, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { MSG, SOCIAL_PROFILES, type AccountResponse, type SocialMediaRequest } from '@wayguard/contracts';
import { Controller, useForm } from 'react-hook-form';
import { useAction } from '../../../lib/use-action';
import { updateSocialMediaAction } from '../api/update-social-media';
import { useEditMode } from '../hooks/use-edit-mode';
import { profileUrl, socialProfile, socialSchema, socialValues, type SocialInput } from '../lib/social-form';
import { AccountCard } from './AccountCard';
import { Detail } from './Detail';
import { EditButton } from './EditButton';
import { EditForm } from '../../../components/EditForm';

type Props = { account: AccountResponse; canEdit: boolean };

export function SocialProfilesCard({ account, canEdit }: Props) {
  const { editing, start, stop, editButtonRef } = useEditMode();
  return (
    <AccountCard
      title="Social Media Profiles"
      testId="social-profiles"
      action={
        canEdit && !editing ? <EditButton ref={editButtonRef} what="social media profiles" onClick={start} /> : null
      }
    >
      {editing ? (
        <SocialProfilesForm account={account} onDone={stop} />
      ) : (
        <DataList labelWidth={150}>
          {SOCIAL_PROFILES.map((p) => {
            const value = socialProfile(account, p.label)?.value ?? '';
            return (
              <Detail key={p.key} label={p.label} testId={`social-${p.key}`}>
                {value ? (
                  <Anchor href={profileUrl(p.website, value)} target="_blank" rel="noopener noreferrer" fz="inherit">
                    {value}
                  </Anchor>
                ) : null}
              </Detail>
            );
          })}
        </DataList>
      )}
    </AccountCard>
  );
}

function SocialProfilesForm({ account, onDone }: { account: AccountResponse; onDone: () => void }) {
  const save = useAction({ ...updateSocialMediaAction, success: MSG.accountUpdated });
  const form = useForm<SocialInput, unknown, SocialMediaRequest>({
    mode: 'onChange',
    resolver: zodResolver(socialSchema),
    defaultValues: socialValues(account),
  });
  const { isDirty, isValid, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    if ((await save.run(values, { form })).ok) onDone();
  });

  return (
    <EditForm
      label="Social media profiles"
      onSubmit={onSubmit}
      onCancel={onDone}
      canSave={isDirty && isValid}
      saving={isSubmitting || save.pending}
    >
      {SOCIAL_PROFILES.map((p, i) => (
        <Controller
          key={p.key}
          control={form.control}
          name={p.key}
          render={({ field, fieldState }) => (
            <TextInput
              {...field}
              label={p.label}
              description={p.website}
              autoFocus={i === 0}
              autoComplete="off"
              error={fieldState.error?.message}
            />
          )}
        />
      ))}
    </EditForm>
  );
}
