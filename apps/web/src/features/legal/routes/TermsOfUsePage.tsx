/** /support/agreements/terms: the console's Terms of Use from registration info (002 §2.15). */
import { AgreementPage } from '../components/AgreementPage';

export default function TermsOfUsePage() {
  return <AgreementPage kind="terms_of_use" pageTitle="Terms of Use" />;
}
