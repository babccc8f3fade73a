/**
 * /activate?token= (000 §2.5, §4.3): checks the token's length here, then with the server on load;
 * an expired link says so, a good one leads to the activation form.
 */
import { useSearchParams } from 'react-router';
import { ACTIVATION_TOKEN_LENGTH, MSG } from '@wayguard/contracts';
import { usePageTitle } from '../../../lib/page-title';
import { useCheckActivationToken } from '../api/check-activation-token';
import { ActivationForm } from '../components/ActivationForm';
import { ActivationLinkProblem } from '../components/ActivationLinkProblem';
import { AuthLayout } from '../components/AuthLayout';
import { AuthLink } from '../components/AuthLink';
import { InlineLoader } from '../components/InlineLoader';
import { paths } from '../../../lib/paths';

const TITLE = 'Activate User Account';

export default function ActivatePage() {
  usePageTitle(TITLE);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const check = useCheckActivationToken(token);

  let content;
  if (token.length !== ACTIVATION_TOKEN_LENGTH) {
    content = <ActivationLinkProblem message={MSG.activationTokenLength} />;
  } else if (check.isPending) {
    content = <InlineLoader label="Checking your activation link…" />;
  } else if (check.isError) {
    content = <ActivationLinkProblem message={check.error.message} />;
  } else if (check.data.expired || !check.data.success) {
    content = (
      <ActivationLinkProblem
        message={check.data.expired ? MSG.activationExpired : (check.data.error ?? MSG.somethingWrong)}
      />
    );
  } else {
    content = <ActivationForm token={token} name={check.data.name} defaultUsername={check.data.username ?? ''} />;
  }

  return (
    <AuthLayout title={TITLE} footer={<AuthLink to={paths.support.contact.href()}>Contact Us</AuthLink>}>
      {content}
    </AuthLayout>
  );
}
