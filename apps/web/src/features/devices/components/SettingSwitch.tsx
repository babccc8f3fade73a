/** A boolean setting's switch (001 §4): named after its card; disabled for those who may not change it. */
import { Switch } from '@mantine/core';
import classes from '../../../components/ContrastSwitch.module.css';

const switchClasses = { input: classes.input, track: classes.track };

type Props = { label: string; checked: boolean; disabled: boolean; onChange: (value: boolean) => void };

export function SettingSwitch({ label, checked, disabled, onChange }: Props) {
  return (
    <Switch
      aria-label={label}
      checked={checked}
      disabled={disabled}
      classNames={switchClasses}
      size="md"
      onChange={(e) => onChange(e.currentTarget.checked)}
    />
  );
}
