/** /support/agreements/license-agreement: the EULA from registration info (002 §2.15). */
import { AgreementPage } from '../components/AgreementPage';

export default function LicenseAgreementPage() {
  return <AgreementPage kind="eula" pageTitle="License Agreement" />;
}
