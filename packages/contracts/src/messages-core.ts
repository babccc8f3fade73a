/**
 * The part of the message catalogue (MSG, messages.ts) that the web app's entry and its sign-in page
 * need: failed calls (000 §8) and the first sign-in step (000 §2.4, §5). Kept apart so that the login
 * page's bundle carries these texts only, not the whole catalogue (tools/bench/login-bundle.mjs); MSG
 * holds them too, so the rest of the code reads every text from MSG.
 */
export const CORE_MSG = {
  // errors (000 §8)
  lastActionFailed: 'Last action failed. Please try again',
  notFound: 'Not found',
  somethingWrong: 'Something went wrong. Please contact our support',
  // sign-in (000 §2.4, §5) and its server-side reasons shown after 'Login failed. '
  usernameRequired: 'Please enter a Username',
  passwordRequired: 'Please enter a Password',
  loginFailed: (serverMessage: string) => `Login failed. ${serverMessage}`,
  loginException: 'Something goes wrong during Login process',
  captchaRequired: 'Please complete the security check.',
  resetEmailSentNotice:
    'A reset password email has been sent to {email}. Sign in with the one-time password it holds, then choose a new password.',
} as const;
