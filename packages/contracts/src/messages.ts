/** Every user-facing text the spec quotes, verbatim. Forms, server and tests use these constants. */
import { CORE_MSG } from './messages-core.js';

export const MSG = {
  ...CORE_MSG,
  // the database's faults the server survives (issue 25): answers 503 with Retry-After
  serviceUnavailable: 'Service temporarily unavailable',
  databaseBusy: 'The service is busy. Please try again in a moment',
  databaseFull: 'The service cannot save changes right now (its storage is full). Please try again later',
  // validation (000 §5, 002 §5)
  passwordTooShort: 'Password is too short',
  passwordInvalid: 'Please enter a valid password',
  passwordConfirmRequired: 'Please enter a same password',
  confirmPasswordRequired: 'Please enter a Confirm Password',
  passwordsMustMatch: 'Passwords must match',
  passwordHelper: 'At least 8 characters, one number, one uppercase letter',
  mfaCode: 'Please enter a 6 digit code from your authenticator app',
  activationTokenLength: 'The activation token length is incorrect - it should be 64 characters long.',
  emailInvalidLong: 'The email address is invalid - please check your spelling and try again',
  emailInvalid: 'The email address is invalid',
  emailRequired: 'Please enter a valid email address',
  firstNameRequired: 'Please enter a first name',
  lastNameRequired: 'Please enter a last name',
  timezoneRequired: 'Please select a Timezone',
  countryCodeRequired: 'Please select a Country code',
  areaCodeRequired: 'Please select an Area code',
  telephoneRequired: 'Please enter a telephone number',
  mobileRequired: 'Please enter a mobile number',
  usernameMin: 'Please enter valid username. Minimum character length is 5.',
  usernameMax: 'Maximum character length is 32.',
  usernameRequiredCreate: 'Please enter username',
  agreementScroll: 'You must read through to the end of the agreement before it can be accepted',
  invalidImage: 'Please select a valid image file.',
  pageJump: (n: number) => `Please enter page 1 to ${n}`,
  nameRequired: 'Please enter a name',
  subjectRequired: 'Please enter a subject',
  feedbackRequired: 'Please enter a feedback',
  atLeast3: 'Please enter at least 3 characters',
  duplicateFile: (file: string) => `${file} is already added`,
  // copy buttons (002 §2.13, §8)
  dataCopied: (label: string) => `${label} data copied`,
  // account details (000 §5 'Account address': lower case, unlike the user details' texts; the number's text is shared)
  addressLineRequired: (label: string) => `${label} is required`,
  accountCountryCodeRequired: 'Please select a country code',
  accountAreaCodeRequired: 'Please select an area code',
  // not quoted by the spec: logo size and feedback answers (docs/decisions/account.md)
  logoTooLarge: 'The image is too large. Please select an image up to 2 MB and 5000 x 5000 pixels.',
  feedbackSent: 'Thank you for your feedback',
  // Changing one's password or turning two-factor off on a session that has not proved its password
  // within PASSWORD_VERIFICATION_MINUTES (issue 25): the web app opens 'Verify password' and retries.
  passwordVerificationRequired: 'Please verify your password to continue',
  tooManyFiles: (max: number) => `You can attach up to ${max} files`,
  fileTooLarge: (file: string, maxMb: number) => `${file} is too large. The maximum size is ${maxMb} MB`,
  fileTypeNotAllowed: (file: string) =>
    `${file} is not an allowed file type. Please attach an image (PNG, JPEG, GIF, WebP), a PDF or a text file`,
  // errors (000 §8)
  mfaSetupPrompt:
    'You need to set up two-factor authentication. Please scan the QR code image below with your authenticator app.',
  mfaPrompt: 'Please enter a 6 digit code from your authenticator app.',
  activationExpired: 'This activation link has expired. You must request an email with a new activation link.',
  verifyPasswordFailed: 'Verify password failed. Please retype the correct password',
  noUsers: 'No users found',
  noDevices: 'No devices found',
  pageNotFound: 'Sorry, we were unable to find it...',
  redirecting: 'Redirecting...',
  resetUnknown: "We don't recognise those details. Please try again or contact support.",
  mfaWrongCode: 'Something went wrong. Please enter correct 2FA code',
  // success toasts
  lastActionSuccess: 'Last action was success',
  termsAccepted: 'The Wayguard admin console Terms of Use was accepted',
  detailsConfirmed: 'User Details was confirmed',
  qrCopied: 'QR Code copied',
  accountUpdated: 'Account was updated',
  userCreated: 'User has been created',
  userDetailsUpdated: 'User details info updated',
  activationResent: 'Account activation email resent',
  passwordResetResent: 'Password reset email has been resent',
  userDeactivated: (user: string) => `${user} has been deactivated`,
  userReactivated: (user: string) => `${user} has been reactivated`,
  serverUserUndeleted: 'This user has been undeleted',
  // ours (not quoted): the delete toast and the Deleted banner of a server user, the undelete's counterpart
  serverUserDeleted: 'This user has been deleted',
  resetPasswordSent: 'A reset password has been send to your email',
  accountActivated: 'Your account has been activated. You can now log in.',
  // server-side reasons shown after 'Login failed. '
  badCredentials: 'The username or password is incorrect.',
  accountLocked: 'Too many failed attempts. Please wait a few minutes and try again.',
  mfaCodeWrong: 'The two-factor code is not valid.',
  passwordReused: 'The new password must be different from the current one.',
  tooManyRequests: 'Too many requests. Please wait and try again.',
  csrfMissing: 'Missing or invalid CSRF token',
  activationUsernameMismatch: 'The username does not match this activation link.',
  agreementNotCurrent: 'This agreement is not the current one.',
  unauthorized: 'Not signed in',
  // page notices
  userDeactivatedBanner: 'This user has been deactivated',
  activationEmailSent: 'Activation email sent',
  passwordExpired: 'Your password has expired. Please choose a new password.',
  developmentBanner:
    'This new console is still in development. Some actions will take you to the Classic Admin Console.',
  classicTooltip: 'Navigate to Classic Admin Console',
  // ours (not quoted by the spec): the in-shell placeholder of screens of later features
  comingSoon: 'This screen is not available yet in the new console.',
} as const;
