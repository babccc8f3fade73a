/**
 * The review team's sign-in flow (issue 25): username and password, then the authenticator's code; the
 * password is sent again with the code (the server keeps no half-signed-in state). Whenever an answer
 * hands over a captcha challenge, the next submit needs it solved. Refusals are kept for the page to
 * show inline.
 */
import { useState } from 'react';
import { PROVIDER_MSG } from '@wayguard/contracts';
import { ApiError } from '../../../lib/api-client';
import { captchaChallengeOf, providerSignIn } from '../api/provider-review';

export type ProviderSignInStep = 'password' | 'code';

export function useProviderSignIn(onSignedIn: () => void) {
  const [step, setStep] = useState<ProviderSignInStep>('password');
  const [credentials, setCredentials] = useState({ username: '', password: '' });
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [challenge, setChallenge] = useState<string | null>(null);
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [captchaError, setCaptchaError] = useState<string | null>(null);
  /** A new round remounts the captcha widget (a solved challenge is used once). */
  const [captchaRound, setCaptchaRound] = useState(0);

  const askCaptcha = (next: string | null) => {
    setChallenge(next);
    setCaptcha(null);
    setCaptchaError(null);
    setCaptchaRound((r) => r + 1);
  };

  /**
   * Sends the credentials (and the code at the code step): 'sent' when signed in or at the next step,
   * 'refused' by the server, 'unsent' when the captcha asked for is not solved yet.
   */
  const send = async (
    c: { username: string; password: string },
    code?: string,
  ): Promise<'sent' | 'refused' | 'unsent'> => {
    if (challenge && !captcha) {
      setCaptchaError(PROVIDER_MSG.captchaRequired);
      return 'unsent';
    }
    setPending(true);
    setFailure(null);
    try {
      const r = await providerSignIn({ ...c, ...(code ? { code } : {}), ...(captcha ? { captcha } : {}) });
      if (r.success) {
        onSignedIn();
        return 'sent';
      }
      setCredentials(c);
      setStep('code');
      askCaptcha(r.captcha_challenge);
      return 'sent';
    } catch (err) {
      setFailure(err instanceof Error ? err.message : PROVIDER_MSG.badCredentials);
      askCaptcha(err instanceof ApiError ? captchaChallengeOf(err.body) : null);
      return 'refused';
    } finally {
      setPending(false);
    }
  };

  return {
    step,
    failure,
    pending,
    challenge,
    captchaRound,
    captchaError,
    onCaptchaVerified: (payload: string) => {
      setCaptcha(payload);
      setCaptchaError(null);
    },
    submitPassword: (c: { username: string; password: string }) => send(c),
    submitCode: (code: string) => send(credentials, code),
    startOver: () => {
      setStep('password');
      setFailure(null);
      setCredentials({ username: credentials.username, password: '' });
    },
    username: credentials.username,
  };
}
