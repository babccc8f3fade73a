/** /support/agreements/privacy-policy: the console's Privacy Policy from registration info (002 §2.15). */
import { AgreementPage } from '../components/AgreementPage';

export default function PrivacyPolicyPage() {
  return <AgreementPage kind="privacy_policy" pageTitle="Privacy Policy" />;
}
