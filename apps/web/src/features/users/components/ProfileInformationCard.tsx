/**
 * Profile Information (000 §2.8, §3.3, §4.4): the editable details with a view/edit toggle. Validated
 * on blur; Save is disabled while invalid, unchanged or saving; Cancel resets. Changing one's own
 * e-mail asks for the password first (POST /verify_password), then saves.
 */
import { useEffect, useRef, useState } from 'react';
import { Button } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { MSG, type UserDetailsRequest } from '@wayguard/contracts';
import { EditForm } from '../../../components/EditForm';
import { UserDetailsFields } from '../../../components/user-details/UserDetailsFields';
import { toUserDetailsRequest, userDetailsFromProfile } from '../../../components/user-details/user-details-form';
import { useUserDetailsForm } from '../../../components/user-details/use-user-details-form';
import { useAction } from '../../../lib/use-action';
import { usePasswordFirst } from '../../../lib/use-password-first';
import { saveUserDetailsAction } from '../api/save-user-details';
import type { UserPageContext } from '../hooks/use-user-page';
import { contactRows } from '../lib/format';
import { SectionCard } from '../../../components/SectionCard';
import { ValueList } from './ValueList';
import { VerifyPasswordDialog } from './VerifyPasswordDialog';

export function ProfileInformationCard({ user, viewer, can }: UserPageContext) {
  const [editRequested, setEditing] = useState(false);
  // A user deactivated meanwhile is no longer editable (000 §2.8).
  const editable = can.editProfile;
  const editing = editRequested && editable;
  const save = useAction({ ...saveUserDetailsAction(viewer.user_id), success: MSG.userDetailsUpdated });
  const form = useUserDetailsForm('onTouched', userDetailsFromProfile(user));
  const { reset, setFocus } = form;
  const { isValid, isDirty } = form.formState;
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);

  // Keyboard focus follows the toggle: into the form on Edit, back to Edit after Save or Cancel.
  useEffect(() => {
    if (editing) setFocus('email_address');
    else if (wasEditing.current) editButton.current?.focus();
    wasEditing.current = editing;
  }, [editing, setFocus]);

  // Show the stored details whenever they change, unless the user is typing.
  useEffect(() => {
    if (!editing) reset(userDetailsFromProfile(user));
  }, [user, editing, reset]);

  const store = async (body: UserDetailsRequest) => {
    // A refusal naming fields (e.g. an e-mail already used) marks those inputs too.
    if ((await save.run({ id: user.id, ...body }, { form })).ok) setEditing(false);
  };
  const password = usePasswordFirst(store);

  const onSubmit = form.handleSubmit(async (values) => {
    const body = toUserDetailsRequest(values);
    // Only the user themself is asked (000 §4.4); an admin editing someone else is not.
    if (can.self && body.email_address !== user.email_address) password.ask(body);
    else await store(body);
  });

  const cancel = () => {
    reset(userDetailsFromProfile(user));
    setEditing(false);
  };

  return (
    <SectionCard
      title="Profile Information"
      testId="profile-information"
      action={
        editable && !editing ? (
          <Button
            ref={editButton}
            variant="default"
            leftSection={<IconPencil size={16} aria-hidden="true" />}
            onClick={() => setEditing(true)}
          >
            Edit
          </Button>
        ) : undefined
      }
    >
      {editing ? (
        <EditForm
          label="Profile Information"
          onSubmit={onSubmit}
          onCancel={cancel}
          canSave={isValid && isDirty}
          saving={save.pending}
          gap="md"
        >
          <UserDetailsFields control={form.control} timeZones={viewer.time_zones} countryCodes={viewer.country_codes} />
        </EditForm>
      ) : (
        <ValueList rows={contactRows(user, viewer)} />
      )}
      <VerifyPasswordDialog {...password.dialog} />
    </SectionCard>
  );
}
