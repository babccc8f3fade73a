/**
 * /reset_password?username= (002 §2.12): the reset form with links to Contact Us and back to Login.
 * A visitor who is signed in goes back to where they were (000 §2.1).
 */
import { useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { usePageTitle } from '../../../lib/page-title';
import { previousLocation, sessionMarker } from '../../../lib/session-marker';
import { AuthLayout } from '../components/AuthLayout';
import { AuthLink } from '../components/AuthLink';
import { ResetPasswordForm } from '../components/ResetPasswordForm';
import { safeRedirectPath } from '../lib/safe-redirect';
import { paths } from '../../../lib/paths';

const TITLE = 'Reset password';

export default function ResetPasswordPage() {
  usePageTitle(TITLE);
  const [params] = useSearchParams();
  const initialUsername = params.get('username') ?? '';
  const [username, setUsername] = useState(initialUsername);

  if (sessionMarker.isSet()) return <Navigate to={safeRedirectPath(previousLocation.get())} replace />;

  return (
    <AuthLayout
      title={TITLE}
      footer={
        <>
          <AuthLink to={paths.login.href({ username })}>Login</AuthLink>
          <AuthLink to={paths.support.contact.href()}>Contact Us</AuthLink>
        </>
      }
    >
      <ResetPasswordForm defaultUsername={initialUsername} onUsernameChange={setUsername} />
    </AuthLayout>
  );
}
