/** Texts of the mails the console sends. Links point at PUBLIC_URL. */
import { CONSOLE_NAME } from '@wayguard/contracts';

export function activationMail(publicUrl: string, name: string, username: string, token: string) {
  const link = `${publicUrl}/activate?token=${token}`;
  return {
    subject: `Activate your ${CONSOLE_NAME} account`,
    text: `Hello ${name},\n\nAn account has been created for you on ${CONSOLE_NAME}. Your username is ${username}.\n\nTo choose your password and activate the account, open this link within 7 days:\n${link}\n\nIf you did not expect this e-mail, you can ignore it.`,
  };
}

export function resetPasswordMail(publicUrl: string, name: string, username: string, credential: string) {
  const link = `${publicUrl}/login?username=${encodeURIComponent(username)}`;
  return {
    subject: `Your ${CONSOLE_NAME} password reset`,
    text: `Hello ${name},\n\nA password reset was requested for ${username}.\n\nSign in at ${link} with this one-time password within 24 hours; you will then choose a new password:\n\n${credential}\n\nThe one-time password works once, and a newer reset replaces it. If you did not ask for a reset, ignore this e-mail: your current password still works.`,
  };
}
