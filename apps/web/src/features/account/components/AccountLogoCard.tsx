/**
 * Account Logo (000 §2.6): the stored 500x100 logo, a button that opens the logo editor, and a
 * removal icon (an upload with empty data, empty filename and zero sizes). Console Admins only.
 */
import { ActionIcon, Box, Button, Center, Group, Image, Stack, Text, Tooltip } from '@mantine/core';
import { IconPhoto, IconPhotoEdit, IconTrash } from '@tabler/icons-react';
import { LOGO_SIZE, MSG, type AccountResponse } from '@wayguard/contracts';
import { useAction } from '../../../lib/use-action';
import { REMOVE_LOGO, uploadLogoAction } from '../api/upload-logo';
import { logoSource } from '../lib/logo-file';
import { AccountCard } from './AccountCard';

type Props = { account: AccountResponse; canEdit: boolean; onEdit: () => void };

export function AccountLogoCard({ account, canEdit, onEdit }: Props) {
  const src = logoSource(account.logo);
  const remove = useAction({ ...uploadLogoAction, success: MSG.accountUpdated });

  const onRemove = async () => {
    await remove.run({ body: REMOVE_LOGO });
  };

  return (
    <AccountCard
      title="Account Logo"
      testId="account-logo"
      action={
        canEdit && src ? (
          <Tooltip label="Remove logo">
            <ActionIcon
              variant="outline"
              color="red"
              aria-label="Remove logo"
              loading={remove.pending}
              onClick={() => void onRemove()}
            >
              <IconTrash size={16} stroke={1.5} aria-hidden="true" />
            </ActionIcon>
          </Tooltip>
        ) : null
      }
    >
      <Stack gap="sm">
        <Box
          w="100%"
          maw={LOGO_SIZE.width}
          style={{
            aspectRatio: `${LOGO_SIZE.width} / ${LOGO_SIZE.height}`,
            border: '1px dashed var(--mantine-color-default-border)',
            borderRadius: 'var(--mantine-radius-sm)',
          }}
        >
          {src ? (
            <Image
              src={src}
              alt={`${account.account_name} logo`}
              w="100%"
              h="100%"
              fit="contain"
              data-testid="account-logo-image"
            />
          ) : (
            <Center h="100%">
              <Group gap={6}>
                <IconPhoto size={20} stroke={1.5} aria-hidden="true" />
                <Text size="sm" c="dimmed">
                  No logo
                </Text>
              </Group>
            </Center>
          )}
        </Box>
        {canEdit ? (
          <Group>
            <Button variant="outline" leftSection={<IconPhotoEdit size={16} aria-hidden="true" />} onClick={onEdit}>
              {src ? 'Change logo' : 'Add logo'}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </AccountCard>
  );
}
