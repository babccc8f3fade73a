/**
 * The login steps after the first — new password, two-factor code and set-up, captcha — as lazy
 * components, so that /login itself loads neither them nor what they need (zod and its resolver,
 * the QR code panel, the captcha solver): tools/bench/login-bundle.mjs keeps that page within its
 * budget. LoginPage prefetches them as soon as it shows, so no step waits for its code.
 */
import { lazy } from 'react';
import { withAllStyles } from '../../../lib/all-styles';

// Each step waits for all of Mantine's CSS too (lib/all-styles.ts): the first step's page has only
// the entry's.
const load = {
  expiredPassword: () => withAllStyles(() => import('./ExpiredPasswordForm')),
  mfaCode: () => withAllStyles(() => import('../../../components/MfaCodeForm')),
  mfaSetup: () => withAllStyles(() => import('../../../components/TwoFactorSetupPanel')),
  captcha: () => withAllStyles(() => import('../../../components/captcha/Captcha')),
};

export const LazyExpiredPasswordForm = lazy(() =>
  load.expiredPassword().then((m) => ({ default: m.ExpiredPasswordForm })),
);
export const LazyMfaCodeForm = lazy(() => load.mfaCode().then((m) => ({ default: m.MfaCodeForm })));
export const LazyTwoFactorSetupPanel = lazy(() => load.mfaSetup().then((m) => ({ default: m.TwoFactorSetupPanel })));
export const LazyCaptcha = lazy(() => load.captcha().then((m) => ({ default: m.Captcha })));

/** Starts loading every later step (each module is fetched once; lazy() then finds it ready). */
export function prefetchLaterLoginSteps(): void {
  for (const start of Object.values(load)) void start();
}
