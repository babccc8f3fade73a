/**
 * /login (000 §2.4, §4.1): username and password, then whatever the server asks for — a new password,
 * a two-factor code (with set-up), a captcha — and finally back to the page the visitor came from.
 */
import { Suspense, useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { usePageTitle } from '../../../lib/page-title';
import { AuthLayout } from '../components/AuthLayout';
import { AuthLink } from '../components/AuthLink';
import { CredentialsForm } from '../components/CredentialsForm';
import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { InlineLoader } from '../components/InlineLoader';
import {
  LazyCaptcha as Captcha,
  LazyExpiredPasswordForm as ExpiredPasswordForm,
  LazyMfaCodeForm as MfaCodeForm,
  LazyTwoFactorSetupPanel as TwoFactorSetupPanel,
  prefetchLaterLoginSteps,
} from '../components/later-login-steps';
import { ResetEmailNotice } from '../components/ResetEmailNotice';
import { StartOverButton } from '../components/StartOverButton';
import { useLoginFlow, type LoginStep } from '../hooks/use-login-flow';
import { safeRedirectPath } from '../lib/safe-redirect';
import { paths } from '../../../lib/paths';

const TITLES: Record<LoginStep, string> = {
  credentials: 'Login',
  change_password: 'Change your password',
  mfa: 'Two-factor authentication',
};

export default function LoginPage() {
  usePageTitle('Login');
  const [params] = useSearchParams();
  const email = params.get('email');
  // A full load of the console: the shell starts clean and loads the new session's registration info.
  const flow = useLoginFlow(params.get('username') ?? '', () =>
    window.location.assign(safeRedirectPath(params.get('origin'))),
  );

  useEffect(prefetchLaterLoginSteps, []);

  const captcha = flow.challenge ? (
    <Suspense fallback={<InlineLoader label="Loading the captcha" />}>
      <Captcha
        key={flow.captchaRound}
        challenge={flow.challenge}
        onVerified={flow.onCaptchaVerified}
        error={flow.captchaError}
      />
    </Suspense>
  ) : undefined;

  return (
    <AuthLayout
      title={TITLES[flow.step]}
      footer={
        <>
          {flow.step !== 'credentials' && <StartOverButton onClick={flow.startOver} disabled={flow.pending} />}
          <AuthLink to={paths.support.contact.href()}>Contact Us</AuthLink>
        </>
      }
    >
      {email && flow.step === 'credentials' && <ResetEmailNotice email={email} />}
      <FormErrorAlert message={flow.error} />
      {flow.step === 'credentials' && (
        <CredentialsForm
          defaultValues={flow.credentials}
          pending={flow.pending}
          onSubmit={flow.submitCredentials}
          captcha={captcha}
        />
      )}
      <Suspense fallback={<InlineLoader label="Loading" />}>
        {flow.step === 'change_password' && (
          <ExpiredPasswordForm
            currentPassword={flow.credentials.password}
            pending={flow.pending}
            onSubmit={flow.submitNewPassword}
            captcha={captcha}
          />
        )}
        {flow.step === 'mfa' && (
          <>
            {flow.mfaSetup && (
              <TwoFactorSetupPanel
                setup={flow.mfaSetup}
                refreshing={flow.refreshing}
                disabled={flow.pending}
                onRefresh={flow.refreshQrCode}
              />
            )}
            <MfaCodeForm pending={flow.pending && !flow.refreshing} onSubmit={flow.submitMfaPin} captcha={captcha} />
          </>
        )}
      </Suspense>
    </AuthLayout>
  );
}
