/**
 * Android Registration (000 §2.6): the enterprise registration, and its actions on the classic
 * console (a menu of Unregister and Re-register, or one Register/Unregister link), in a new tab.
 * The actions change the account, so only a Console Admin sees them.
 */
import { Button, DataList, Menu, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconChevronDown, IconExternalLink } from '@tabler/icons-react';
import { MSG, type AccountResponse } from '@wayguard/contracts';
import { formatDate } from '../../../lib/dates';
import { REGISTRATION_LABELS, registrationActions, registrationUrl } from '../lib/android-registration';
import { AccountCard } from './AccountCard';
import { Detail } from './Detail';

type Props = { sfa: AccountResponse['sfa']; classicBase: string; canEdit: boolean };

const NEW_TAB = { target: '_blank', rel: 'noopener noreferrer' } as const;
const external = <IconExternalLink size={14} stroke={1.5} aria-hidden="true" />;

export function AndroidRegistrationCard({ sfa, classicBase, canEdit }: Props) {
  const actions = registrationActions(sfa);
  const [only] = actions;

  const action = !canEdit ? null : actions.length > 1 ? (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="outline" size="xs" rightSection={<IconChevronDown size={14} aria-hidden="true" />}>
          Registration
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {actions.map((a) => (
          <Tooltip key={a} label={MSG.classicTooltip} position="left">
            <Menu.Item component="a" href={registrationUrl(classicBase, a)} {...NEW_TAB} rightSection={external}>
              {REGISTRATION_LABELS[a]}
              <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
            </Menu.Item>
          </Tooltip>
        ))}
      </Menu.Dropdown>
    </Menu>
  ) : only ? (
    <Tooltip label={MSG.classicTooltip}>
      <Button
        component="a"
        href={registrationUrl(classicBase, only)}
        {...NEW_TAB}
        variant="outline"
        size="xs"
        rightSection={external}
      >
        {REGISTRATION_LABELS[only]}
        <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
      </Button>
    </Tooltip>
  ) : null;

  return (
    <AccountCard title="Android Registration" testId="android-registration" action={action}>
      <DataList labelWidth={150}>
        <Detail label="Status" testId="sfa-status">
          {sfa.enterprise_id ? 'Registered' : 'Not registered'}
        </Detail>
        {sfa.enterprise_id ? (
          <>
            <Detail label="Enterprise ID" testId="sfa-enterprise">
              {sfa.enterprise_id}
            </Detail>
            <Detail label="Administrator" testId="sfa-administrator">
              {sfa.administrator}
            </Detail>
            <Detail label="Date registered" testId="sfa-date">
              {sfa.date_registered > 0 ? formatDate(sfa.date_registered) : null}
            </Detail>
          </>
        ) : null}
      </DataList>
    </AccountCard>
  );
}
