/**
 * 'Confirm User Details' gate (000 §4.2): the user's own details, prefilled from GET /profile,
 * validated on blur; Save is enabled once the form is valid, and the modal stays until it is saved.
 */
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import { useEffect } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { MSG, type RegistrationInfo } from '@wayguard/contracts';
import { useForm } from 'react-hook-form';
import { PageLoader } from '../../../components/PageLoader';
import { UserDetailsFields } from '../../../components/user-details/UserDetailsFields';
import {
  emptyUserDetails,
  toUserDetailsRequest,
  userDetailsForm,
  userDetailsFromProfile,
  type UserDetailsFormInput,
  type UserDetailsFormValues,
} from '../../../components/user-details/user-details-form';
import { browserTimeZone } from '../../../lib/dates';
import { toast } from '../../../lib/toast';
import { useProfile } from '../api/profile';
import { useSaveProfile } from '../api/save-profile';

export const CONFIRM_DETAILS_TITLE = 'Confirm User Details';

type Props = { timeZones: RegistrationInfo['time_zones']; countryCodes: RegistrationInfo['country_codes'] };

export function ConfirmDetailsModal({ timeZones, countryCodes }: Props) {
  const profile = useProfile();
  const save = useSaveProfile();
  const form = useForm<UserDetailsFormInput, unknown, UserDetailsFormValues>({
    mode: 'onBlur',
    resolver: zodResolver(userDetailsForm),
    defaultValues: emptyUserDetails,
  });
  const { isValid, isSubmitting } = form.formState;
  const { reset } = form;

  useEffect(() => {
    if (!profile.data) return;
    // Suggest the browser's zone when the profile has none and the zone is one the server offers.
    const zone = browserTimeZone();
    const fallback = timeZones.some((z) => z.name === zone) ? zone : '';
    reset(userDetailsFromProfile(profile.data, fallback));
  }, [profile.data, timeZones, reset]);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const res = await save.mutateAsync(toUserDetailsRequest(values));
      if (res.success) toast.success(MSG.detailsConfirmed);
      else toast.error(res.error || MSG.somethingWrong);
    } catch {
      // the API client has shown the catalogue's toast
    }
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
              <Button type="submit" disabled={!isValid || save.isPending} loading={isSubmitting}>
                Save
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
