/**
 * The sign-in flow of 000 §4.1 on top of the stateless POST /login: every step re-sends the username
 * and password plus that step's fields, and the answer decides the next step. Holds the steps' state:
 * the credentials so far, the captcha the server asked for, the two-factor set-up data and the error.
 */
import { useCallback, useState } from 'react';
import { CORE_MSG, type LoginRequest, type LoginResponse } from '@wayguard/contracts';
import { ApiError } from '../../../lib/api-client';
import { sessionMarker } from '../../../lib/session-marker';
import { useLoginMutation } from '../api/login';

export type LoginStep = 'credentials' | 'change_password' | 'mfa';
export type MfaSetup = { qrCode: string | null; setupKey: string | null };

/** What every later step re-sends; `mfa_pin` once a two-factor code has been accepted. */
type Credentials = { username: string; password: string; mfa_pin?: string };
type StepFields = Omit<LoginRequest, 'username' | 'password' | 'recaptcha_response'>;

type FlowState = {
  step: LoginStep;
  credentials: Credentials;
  error: string | null;
  /** The ALTCHA challenge the server wants solved with the next attempt, if any. */
  challenge: string | null;
  /** Bumped for every new challenge, so the widget starts afresh even for an equal string. */
  captchaRound: number;
  mfaSetup: MfaSetup | null;
};

/** Thrown or network errors: 400/429 carry the server's reason, the rest is the catalogue's exception. */
function errorText(error: unknown): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500)
    return CORE_MSG.loginFailed(error.message);
  return CORE_MSG.loginException;
}

export function useLoginFlow(initialUsername: string, onSignedIn: () => void) {
  const mutation = useLoginMutation();
  const [state, setState] = useState<FlowState>({
    step: 'credentials',
    credentials: { username: initialUsername, password: '' },
    error: null,
    challenge: null,
    captchaRound: 0,
    mfaSetup: null,
  });
  const [captchaPayload, setCaptchaPayload] = useState<string | null>(null);
  const [captchaError, setCaptchaError] = useState<string | null>(null);
  const [signedIn, setSignedIn] = useState(false);

  const apply = useCallback(
    (res: LoginResponse, sent: Credentials, newPassword: string | undefined) => {
      if (res.success) {
        sessionMarker.start(res.csrf_token ?? '');
        setSignedIn(true);
        onSignedIn();
        return;
      }
      setCaptchaPayload(null);
      setCaptchaError(null);
      setState((prev) => {
        const challenge = res.recaptcha_access_token;
        const captcha = { challenge, captchaRound: challenge ? prev.captchaRound + 1 : prev.captchaRound };
        const error = res.error_message ? CORE_MSG.loginFailed(res.error_message) : null;
        if (res.must_change_password) {
          return { ...prev, ...captcha, step: 'change_password', credentials: sent, error, mfaSetup: null };
        }
        if (res.mfa_required) {
          // Past the password-change step the server has changed the password: the new one counts now.
          const credentials = newPassword ? { ...sent, password: newPassword } : sent;
          const mfaSetup =
            res.mfa_qr_code || res.mfa_setup_key ? { qrCode: res.mfa_qr_code, setupKey: res.mfa_setup_key } : null;
          return { ...prev, ...captcha, step: 'mfa', credentials, error, mfaSetup };
        }
        // A captcha demanded mid-flow keeps the visitor on the step; any other refusal starts over.
        const step = challenge ? prev.step : 'credentials';
        return { ...prev, ...captcha, step, credentials: sent, error: error ?? CORE_MSG.loginException };
      });
    },
    [onSignedIn],
  );

  const send = useCallback(
    (credentials: Credentials, fields: StepFields = {}) => {
      if (state.challenge && !captchaPayload) {
        setCaptchaError(CORE_MSG.captchaRequired);
        return;
      }
      setState((prev) => ({ ...prev, error: null }));
      const body: LoginRequest = {
        ...credentials,
        ...fields,
        ...(captchaPayload ? { recaptcha_response: captchaPayload } : {}),
      };
      mutation.mutate(body, {
        onSuccess: (res) => apply(res, credentials, fields.new_password),
        onError: (error) => setState((prev) => ({ ...prev, error: errorText(error) })),
      });
    },
    [apply, captchaPayload, mutation, state.challenge],
  );

  return {
    ...state,
    /** A request is in flight, or the page is on its way to the console. */
    pending: mutation.isPending || signedIn,
    /** Which request is in flight, so only its button spins. */
    refreshing: mutation.isPending && mutation.variables?.refresh_qr_code === true,
    captchaError,
    onCaptchaVerified: (payload: string) => {
      setCaptchaPayload(payload);
      setCaptchaError(null);
    },
    submitCredentials: (values: Credentials) => send(values),
    submitNewPassword: (values: { password: string; new_password: string; password_confirm: string }) =>
      send(
        // The server asks for the two-factor code first; the accepted code travels with this step.
        { username: state.credentials.username, password: values.password, mfa_pin: state.credentials.mfa_pin },
        { new_password: values.new_password, password_confirm: values.password_confirm },
      ),
    submitMfaPin: (pin: string) => send({ ...state.credentials, mfa_pin: pin }),
    refreshQrCode: () => send({ ...state.credentials, mfa_pin: undefined }, { refresh_qr_code: true }),
    startOver: () => {
      mutation.reset();
      setCaptchaPayload(null);
      setState((prev) => ({
        ...prev,
        step: 'credentials',
        credentials: { username: prev.credentials.username, password: '' },
        error: null,
        mfaSetup: null,
      }));
    },
  };
}
