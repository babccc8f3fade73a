/**
 * Web Access Options and Social Media Options (002 §2.8, §2.10): one switch per option the account's
 * permissions allow; a section with none is not shown. Each change sends all options with that one
 * changed. The switch shows the asked value at once (set in the click's own render, not after the
 * mutation's asynchronous start); a click while a change is on its way is ignored, so no two changes
 * cross (the switches stay enabled so that keyboard focus stays where it is). Under each social site's
 * switch, what decides the site for the user (components/SocialSiteNote, issue 26).
 */
import { useState } from 'react';
import { Stack, Switch, Text } from '@mantine/core';
import {
  MSG,
  isSocialOption,
  type RegistrationInfo,
  type ServerUserDetails,
  type ServerUserOptionKey,
} from '@wayguard/contracts';
import { useAction } from '../../../lib/use-action';
import { serverUserOptionAction } from '../api/server-user-options';
import { OPTION_LABELS } from '../lib/server-user-labels';
import { SocialSiteNote } from './SocialSiteNote';
import { visibleOptions } from '../lib/server-user-permissions';
import classes from '../../../components/ContrastSwitch.module.css';
import { SectionCard } from '../../../components/SectionCard';

type Props = {
  user: ServerUserDetails;
  permissions: RegistrationInfo['access_permissions'];
  canManage: boolean;
};

export function OptionsSections({ user, permissions, canManage }: Props) {
  const setOption = useAction({ ...serverUserOptionAction(user.id), success: MSG.lastActionSuccess });
  const { webAccess, socialMedia } = visibleOptions(permissions);

  const [asked, setAsked] = useState<{ key: ServerUserOptionKey; value: boolean } | null>(null);

  const change = (key: ServerUserOptionKey, value: boolean) => {
    if (asked) return;
    setAsked({ key, value });
    void setOption.run({ options: user.options, key, value }).finally(() => setAsked(null));
  };

  const section = (title: string, keys: ServerUserOptionKey[], testId: string) =>
    keys.length > 0 && (
      <SectionCard title={title} testId={testId} busy={asked !== null}>
        {!canManage && <Text size="sm">Only a Console Admin can change these options.</Text>}
        <Stack gap="md">
          {keys.map((key) => {
            const checked = asked?.key === key ? asked.value : user.options[key];
            return (
              <Stack key={key} gap={4}>
                <Switch
                  label={OPTION_LABELS[key].label}
                  description={OPTION_LABELS[key].description}
                  checked={checked}
                  disabled={!canManage}
                  classNames={{ input: classes.input, track: classes.track }}
                  onChange={(e) => change(key, e.currentTarget.checked)}
                />
                {isSocialOption(key) && <SocialSiteNote userId={user.id} option={key} on={checked} />}
              </Stack>
            );
          })}
        </Stack>
      </SectionCard>
    );

  return (
    <>
      {section('Web Access Options', webAccess, 'web-access-options')}
      {section('Social Media Options', socialMedia, 'social-media-options')}
    </>
  );
}
