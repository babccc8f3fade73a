/**
 * Solving a captcha as a mutation: take the challenge the server handed over (login) or fetch a fresh
 * one (reset password), load the solver lazily, and produce the payload for `recaptcha_response`.
 * Work still running when the widget goes away is aborted.
 */
import { useEffect, useRef } from 'react';
import { useMutation } from '@tanstack/react-query';
import { fetchCaptchaChallenge } from '../../api/recaptcha-token';

export function useCaptchaSolver(challenge: string | null | undefined) {
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  return useMutation({
    mutationFn: async (): Promise<string> => {
      controller.current?.abort();
      const current = new AbortController();
      controller.current = current;
      const [json, { solveCaptcha }] = await Promise.all([
        challenge ? Promise.resolve(challenge) : fetchCaptchaChallenge(current.signal),
        import('./solve-captcha'),
      ]);
      return solveCaptcha(json, current);
    },
    retry: false,
  });
}
