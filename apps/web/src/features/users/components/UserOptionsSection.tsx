/**
 * User Options (002 §3, §5): Mobile App Access for a Wayguard User, Beta Versions for the two admin
 * types, and two-factor sign-in only on a Console Admin's own profile (turned on through set-up and
 * a code, 002 §4.5). Mobile App Access and Beta Versions are changed by a Console Admin.
 */
import { useState } from 'react';
import { Stack, Switch, Text } from '@mantine/core';
import { MSG, type UserOptionsRequest } from '@wayguard/contracts';
import { useAction } from '../../../lib/use-action';
import { userOptionsAction } from '../api/user-options';
import type { UserPageContext } from '../hooks/use-user-page';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { SectionCard } from '../../../components/SectionCard';
import { TwoFactorDialog } from './TwoFactorDialog';
import { VerifyPasswordDialog } from './VerifyPasswordDialog';
import { usePasswordRetry } from '../hooks/use-password-retry';
import classes from '../../../components/ContrastSwitch.module.css';

const switchClasses = { input: classes.input, track: classes.track };

type OptionKey = 'mobile_app_access' | 'beta_version_access';

const OPTIONS: Record<OptionKey, { label: string; description: string }> = {
  mobile_app_access: { label: 'Mobile App Access', description: 'The user can use the Wayguard mobile app.' },
  beta_version_access: { label: 'Beta Versions', description: 'The user can try beta versions of the console.' },
};

export function UserOptionsSection({ user, can }: Pick<UserPageContext, 'user' | 'can'>) {
  const options = useAction({ ...userOptionsAction(can.self ? user.id : undefined), success: MSG.lastActionSuccess });
  const [twoFactorSetup, setTwoFactorSetup] = useState(false);
  const [twoFactorOff, setTwoFactorOff] = useState(false);
  // Turning two-factor off asks for the password when this session has not proved it lately (issue 25).
  const password = usePasswordRetry();
  const type = user.type.type;

  const keys: OptionKey[] = [];
  if (type === 'console_user') keys.push('mobile_app_access');
  if (type === 'console_admin' || type === 'requests_admin') keys.push('beta_version_access');
  const twoFactor = can.self && type === 'console_admin';

  const send = async (body: UserOptionsRequest): Promise<boolean> => (await options.run(body)).ok;

  /** While a change is on its way the switch shows the value asked for. */
  const shown = (key: OptionKey | 'enable_mfa_login'): boolean => {
    const asked = options.variables as Partial<Record<typeof key, boolean>> | undefined;
    return asked?.[key] ?? user.options[key];
  };

  return (
    <SectionCard
      title="User Options"
      description={can.changeOptions ? undefined : 'Only a Console Admin can change these options.'}
      testId="user-options-section"
    >
      <Stack gap="md">
        {keys.map((key) => (
          <Switch
            key={key}
            label={OPTIONS[key].label}
            description={OPTIONS[key].description}
            checked={shown(key)}
            disabled={!can.changeOptions || options.pending}
            classNames={switchClasses}
            onChange={(e) => void send({ id: user.id, [key]: e.currentTarget.checked } as UserOptionsRequest)}
          />
        ))}
        {twoFactor && (
          <Switch
            label="Two-factor authentication"
            description="Ask for a 6 digit code from an authenticator app at sign-in."
            checked={shown('enable_mfa_login')}
            disabled={options.pending}
            classNames={switchClasses}
            onChange={(e) => (e.currentTarget.checked ? setTwoFactorSetup(true) : setTwoFactorOff(true))}
          />
        )}
        {keys.length === 0 && !twoFactor && <Text size="sm">No options apply to this user.</Text>}
      </Stack>
      {twoFactor && (
        <>
          <TwoFactorDialog opened={twoFactorSetup} onClose={() => setTwoFactorSetup(false)} />
          <ConfirmDialog
            opened={twoFactorOff}
            title="Turn off two-factor authentication"
            confirmLabel="Turn off"
            danger
            pending={options.pending}
            onClose={() => setTwoFactorOff(false)}
            onConfirm={() =>
              void password
                .withPassword(() => options.run({ id: user.id, enable_mfa_login: false }))
                .then((outcome) => {
                  if (outcome.ok) setTwoFactorOff(false);
                })
            }
          >
            You will sign in with your password only. Turning it on again needs a new set-up with your authenticator
            app.
          </ConfirmDialog>
          <VerifyPasswordDialog
            {...password.dialog}
            prompt="To turn off two-factor authentication, please enter your password."
          />
        </>
      )}
    </SectionCard>
  );
}
