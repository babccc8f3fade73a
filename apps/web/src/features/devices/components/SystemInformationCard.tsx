/**
 * System Information (001 §2.2, §3). Machines: OS, build, model, manufacturer serial, UUID, processor,
 * every graphics card, and only the first hard drive, Windows key, Office key and network adapter;
 * domain, networking name, language, warranty, dispatch date, SIM cards, filter mode (with when it was
 * recorded) and the safe-search user (linked to their page when the account knows them). Mobiles: OS,
 * model, IMEI, zero-touch, SIM cards, secondary accounts. Dates in the browser's time zone (lib/dates).
 */
import { DEVICE_MSG, type MachineDetails, type MobileDetails } from '@wayguard/contracts';
import { SectionCard } from '../../../components/SectionCard';
import { formatDate, formatDateTime } from '../../../lib/dates';
import type { DevicePageContext } from '../hooks/use-device-page';
import { orMissing, osLabel } from '../lib/device-labels';
import { USER_KIND_LABELS } from '../lib/device-users';
import {
  filterModeText,
  firstHardDrive,
  firstKey,
  firstNetworkAdapter,
  graphicsCardText,
  simCardText,
  warrantyText,
  yesNo,
} from '../lib/system-info';
import { DeviceUserLink } from './DeviceUserLink';
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

/** Each entry on its own line, or '---' without any. */
function Lines({ items }: { items: readonly string[] }) {
  if (items.length === 0) return <>{orMissing('')}</>;
  return (
    <>
      {items.map((text, i) => (
        <div key={`${text}-${i}`}>{orMissing(text)}</div>
      ))}
    </>
  );
}

function SafeSearchUser({ m }: { m: MachineDetails }) {
  if (!m.safe_search_user) return <>{orMissing('')}</>;
  const type = m.safe_search_user_type;
  return (
    <>
      {m.safe_search_user_id !== null && type ? (
        <DeviceUserLink user={{ id: m.safe_search_user_id, name: m.safe_search_user, type }} />
      ) : (
        <div>{m.safe_search_user}</div>
      )}
      {type && <div>{USER_KIND_LABELS[type]}</div>}
      {m.safe_search_user_recorded > 0 && <div>Recorded {formatDateTime(m.safe_search_user_recorded)}</div>}
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
    ['UUID', orMissing(m.uuid)],
    ['Processor', orMissing(m.processor)],
    ['Graphics cards', <Lines key="gc" items={m.graphics_cards.map(graphicsCardText)} />],
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
    ['Dispatch date', orMissing(m.dispatch_date ? formatDate(m.dispatch_date) : '')],
    ['SIM cards', <Lines key="sim" items={m.sim_cards.map(simCardText)} />],
    ['Filter mode', orMissing(filterModeText(m))],
    ['Safe-search user', <SafeSearchUser key="ss" m={m} />],
  ];
}

function mobileRows(m: MobileDetails): ValueRow[] {
  return [
    ['IMEI', orMissing(m.imei)],
    ['Zero-touch enrolled', yesNo(m.zero_touch_enrolled)],
    ['SIM cards', <Lines key="sim" items={m.sim_cards.map(simCardText)} />],
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
