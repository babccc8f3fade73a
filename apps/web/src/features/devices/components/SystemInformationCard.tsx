/**
 * System Information (001 §2.2, §3). Machines: OS, build, model, manufacturer serial, processor, and
 * only the first hard drive, Windows key, Office key and network adapter; domain, networking name,
 * language, warranty. Mobiles: OS, model, IMEI, zero-touch, SIM cards, secondary accounts.
 */
import { DEVICE_MSG, type MachineDetails, type MobileDetails } from '@wayguard/contracts';
import { SectionCard } from '../../../components/SectionCard';
import type { DevicePageContext } from '../hooks/use-device-page';
import { orMissing, osLabel } from '../lib/device-labels';
import { firstHardDrive, firstKey, firstNetworkAdapter, simCardText, warrantyText, yesNo } from '../lib/system-info';
import { CopyValue } from './CopyValue';
import { ValueRows, type ValueRow } from './ValueRows';

function ProductKey({
  keys,
  label,
  confirmation,
}: {
  keys: MachineDetails['windows_product_keys'];
  label: string;
  confirmation: string;
}) {
  const first = firstKey(keys);
  if (!first) return <>{orMissing('')}</>;
  return (
    <>
      {first.product && <div>{first.product}</div>}
      <CopyValue value={first.key} label={label} confirmation={confirmation} />
    </>
  );
}

function machineRows(m: MachineDetails): ValueRow[] {
  return [
    [
      'Manufacturer serial',
      <CopyValue
        key="ms"
        value={m.manufacturer_serial}
        label="manufacturer serial"
        confirmation={DEVICE_MSG.manufacturerSerialCopied}
      />,
    ],
    ['Processor', orMissing(m.processor)],
    ['Hard drive', orMissing(firstHardDrive(m))],
    [
      'Microsoft Windows key',
      <ProductKey
        key="wk"
        keys={m.windows_product_keys}
        label="Microsoft Windows key"
        confirmation={DEVICE_MSG.windowsKeyCopied}
      />,
    ],
    [
      'Microsoft Office key',
      <ProductKey
        key="ok"
        keys={m.office_product_keys}
        label="Microsoft Office key"
        confirmation={DEVICE_MSG.officeKeyCopied}
      />,
    ],
    ['Network adapter', orMissing(firstNetworkAdapter(m))],
    ['Domain', orMissing(m.domain)],
    ['Networking name', orMissing(m.networking_name)],
    ['Language', orMissing(m.language)],
    ['Warranty', orMissing(warrantyText(m))],
  ];
}

function mobileRows(m: MobileDetails): ValueRow[] {
  return [
    ['IMEI', orMissing(m.imei)],
    ['Zero-touch enrolled', yesNo(m.zero_touch_enrolled)],
    [
      'SIM cards',
      m.sim_cards.length === 0
        ? orMissing('')
        : m.sim_cards.map((s, i) => <div key={`${s.imei}-${i}`}>{orMissing(simCardText(s))}</div>),
    ],
    ['Secondary accounts', String(m.secondary_account_count)],
  ];
}

export function SystemInformationCard({ device }: Pick<DevicePageContext, 'device'>) {
  const rows: ValueRow[] = [['Operating system', osLabel(device.os, device.os_version)]];
  if (device.machine) rows.push(['Build', orMissing(device.os_build_version)]);
  rows.push(['Model', orMissing(device.model_name)]);
  if (device.machine) rows.push(...machineRows(device.machine));
  if (device.mobile) rows.push(...mobileRows(device.mobile));
  return (
    <SectionCard title="System Information" testId="system-information">
      <ValueRows rows={rows} />
    </SectionCard>
  );
}
