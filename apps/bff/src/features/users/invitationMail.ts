import type { Role } from '@payouts/contracts';
import { mailSafe, quotedUserText, type MailText } from '../staffNotifications/index.js';

const ROLE_WORDS: Readonly<Record<Role, string>> = {
  finance: 'a finance account (create and approve payouts)',
  support: 'a support account (look up payouts and PSPs)',
  admin: 'an admin account (users, policies and admin tools)',
};

/** A name someone typed, on one line and defanged (no link, no address), without quotes. */
const named = (text: string) => mailSafe(quotedUserText(text)).slice(1, -1);

/** `2026-12-10 14:05 UTC`: a mail has no reader's time zone, so it says which it uses. */
function utcText(at: Date): string {
  return `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** One e-mail with one link to `/invitation#<token>` (the fragment reaches no server log). */
function linkMail({
  subject,
  name,
  why,
  action,
  after,
  token,
  publicUrl,
  expiresAt,
}: {
  subject: string;
  name: string;
  why: string;
  action: string;
  after: readonly string[];
  token: string;
  publicUrl: URL;
  expiresAt: Date;
}): MailText {
  const link = new URL('/invitation', publicUrl);
  link.hash = token;
  return {
    subject,
    text: [
      `Hello ${named(name)},`,
      '',
      why,
      '',
      `${action} here (the link works once, until ${utcText(expiresAt)}):`,
      link.href,
      '',
      ...after,
    ].join('\n'),
  };
}

/**
 * The invitation e-mail: plain text, one link (to the SPA's `/invitation`, the token in the
 * fragment, which browsers never send to a server or put in a Referer). Names people typed are
 * quoted and defanged, so the only link in it is ours.
 */
export function invitationMail({
  user,
  sender,
  ...link
}: {
  user: { name: string; email: string; role: Role };
  sender: string;
  token: string;
  publicUrl: URL;
  expiresAt: Date;
}): MailText {
  return linkMail({
    subject: 'Your payouts back-office account: choose a password',
    name: user.name,
    why: `${named(sender)} made you ${ROLE_WORDS[user.role]} in the payouts back-office at ${link.publicUrl.origin}.`,
    action: 'Choose your password',
    after: [
      'Nobody else knows or chooses your password. If you did not expect this e-mail, ignore it:',
      'without a password nobody can sign in to the account.',
    ],
    ...link,
  });
}

/**
 * The password-reset e-mail: one link, like the invitation's. `sender` is the admin who sent it,
 * or undefined when someone asked on the sign-in page (perhaps not the owner: the mail says so).
 */
export function passwordResetMail({
  user,
  sender,
  ...link
}: {
  user: { name: string };
  sender: string | undefined;
  token: string;
  publicUrl: URL;
  expiresAt: Date;
}): MailText {
  const site = `the payouts back-office at ${link.publicUrl.origin}`;
  return linkMail({
    subject: 'Reset your payouts back-office password',
    name: user.name,
    why: sender
      ? `${named(sender)}, an admin, sent you this link to choose a new password for ${site}.`
      : `Someone asked on the sign-in page of ${site} to reset your password.`,
    action: 'Choose a new password',
    after: [
      'Your current password works until you choose a new one. If you did not ask for this,',
      'ignore this e-mail, and tell your admin if it keeps coming.',
    ],
    ...link,
  });
}
