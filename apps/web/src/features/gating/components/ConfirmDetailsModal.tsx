/**
 * 'Confirm User Details' gate (000 §4.2): the user's own details, prefilled from GET /profile,
 * validated on blur; Save is enabled once the form is valid, and the modal stays until it is saved.
 * A changed e-mail asks for the password first (000 §4.4), with the dialog the app layer passes in
 * (the user details page's own), then saves.
 */
import { Suspense, useEffect, type ComponentType } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { MSG, type RegistrationInfo, type UserDetailsRequest } from '@wayguard/contracts';
import { PageLoader } from '../../../components/PageLoader';
import { UserDetailsFields } from '../../../components/user-details/UserDetailsFields';
import {
  emptyUserDetails,
  toUserDetailsRequest,
  userDetailsFromProfile,
} from '../../../components/user-details/user-details-form';
import { useUserDetailsForm } from '../../../components/user-details/use-user-details-form';
import { browserTimeZone } from '../../../lib/dates';
import { useAction } from '../../../lib/use-action';
import { usePasswordFirst } from '../../../lib/use-password-first';
import { useProfile } from '../api/profile';
import { saveProfileAction } from '../api/save-profile';

export const CONFIRM_DETAILS_TITLE = 'Confirm User Details';

/** The password check before one's own e-mail changes: opened, then onVerified once POST /verify_password agreed. */
export type VerifyPasswordDialogProps = { opened: boolean; onClose: () => void; onVerified: () => void };

type Props = {
  timeZones: RegistrationInfo['time_zones'];
  countryCodes: RegistrationInfo['country_codes'];
  VerifyPasswordDialog: ComponentType<VerifyPasswordDialogProps>;
};

export function ConfirmDetailsModal({ timeZones, countryCodes, VerifyPasswordDialog }: Props) {
  const profile = useProfile();
  const save = useAction({ ...saveProfileAction, success: MSG.detailsConfirmed });
  const form = useUserDetailsForm('onBlur', emptyUserDetails);
  const { isValid, isSubmitting } = form.formState;
  const { reset } = form;

  useEffect(() => {
    if (!profile.data) return;
    // Suggest the browser's zone when the profile has none and the zone is one the server offers.
    const zone = browserTimeZone();
    const fallback = timeZones.some((z) => z.name === zone) ? zone : '';
    reset(userDetailsFromProfile(profile.data, fallback));
  }, [profile.data, timeZones, reset]);

  const store = async (body: UserDetailsRequest) => {
    await save.run(body, { form });
  };
  const password = usePasswordFirst(store);

  const onSubmit = form.handleSubmit(async (values) => {
    const body = toUserDetailsRequest(values);
    // The server takes a new e-mail only after a recent password check (a few minutes after sign-in it
    // has lapsed), compared without case as the server does.
    const stored = profile.data?.email_address ?? '';
    if (body.email_address.toLowerCase() !== stored.toLowerCase()) password.ask(body);
    else await store(body);
  });

  return (
    <Modal
      opened
      onClose={() => undefined}
      title={CONFIRM_DETAILS_TITLE}
      size="lg"
      withCloseButton={false}
      closeOnEscape={false}
      closeOnClickOutside={false}
      overlayProps={{ backgroundOpacity: 0.45, blur: 4 }}
    >
      {profile.isPending ? (
        <PageLoader label="Loading your details" />
      ) : (
        <form onSubmit={(e) => void onSubmit(e)} noValidate>
          <Stack gap="md">
            <Text size="sm">Please check your details and save them to continue.</Text>
            <UserDetailsFields control={form.control} timeZones={timeZones} countryCodes={countryCodes} />
            <Group justify="flex-end">
              <Button type="submit" disabled={!isValid || save.pending} loading={isSubmitting}>
                Save
              </Button>
            </Group>
          </Stack>
        </form>
      )}
      {/* Loaded only when asked for, so that the gate itself never waits for the dialog's code. */}
      <Suspense fallback={null}>{password.dialog.opened && <VerifyPasswordDialog {...password.dialog} />}</Suspense>
    </Modal>
  );
}
