/** Product Information (001 §2.2): name with rename, serial with Copy, version, licence, billing. */
import { DEVICE_MSG } from '@wayguard/contracts';
import { SectionCard } from '../../../components/SectionCard';
import type { DevicePageContext } from '../hooks/use-device-page';
import { orMissing } from '../lib/device-labels';
import { CopyValue } from './CopyValue';
import { DeviceNameField } from './DeviceNameField';
import { ValueRows, type ValueRow } from './ValueRows';

export function ProductInformationCard({ device, kind, id, can }: DevicePageContext) {
  const rows: ValueRow[] = [
    ['Name', <DeviceNameField key="name" kind={kind} id={id} name={device.name} canRename={can.rename} />],
    [
      'Serial number',
      <CopyValue key="serial" value={device.id} label="serial number" confirmation={DEVICE_MSG.serialCopied} />,
    ],
    ['Version', orMissing(device.version)],
    ['Licence key', orMissing(device.license_key)],
    ['Billed to', orMissing(device.billed_to)],
  ];
  if (kind === 'machine') rows.push(['Licence type', orMissing(device.license_type)]);
  return (
    <SectionCard title="Product Information" testId="product-information">
      <ValueRows rows={rows} />
    </SectionCard>
  );
}
