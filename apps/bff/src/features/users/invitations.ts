import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  INVITATION_TTL_HOURS,
  PASSWORD_RESET_INTERVAL_MINUTES,
  PASSWORD_RESET_TTL_MINUTES,
  UUID_RE,
  type InvitationLookup,
  type InvitationState,
  type LinkPurpose,
} from '@payouts/contracts';
import type { Logger } from 'pino';
import { AppError } from '../../shared/AppError.js';
import type { Clock } from '../../shared/clock.js';
import type { AuditContext } from '../../shared/identity.js';
import type { AuditService } from '../audit/index.js';
import { describeMailError, type MailTransport } from '../staffNotifications/index.js';
import { invitationMail, passwordResetMail } from './invitationMail.js';
import { whyNot, type InvitationRow, type InvitationsRepository } from './invitationsRepository.js';
import type { PasswordHasher } from './passwordHasher.js';
import type { UserRow, UsersRepository } from './usersRepository.js';

/**
 * The password hash of an account whose owner has not set a password yet: not an scrypt hash,
 * so no password signs in with it (like single sign-on's `!oidc`).
 */
export const AWAITING_PASSWORD = '!invited';

export const INVITATION_TTL_MS = INVITATION_TTL_HOURS * 3_600_000;
const RESET_TTL_MS = PASSWORD_RESET_TTL_MINUTES * 60_000;
const RESET_INTERVAL_MS = PASSWORD_RESET_INTERVAL_MINUTES * 60_000;

/** The stored form of a link's token: its SHA-256 (the token itself is only in the e-mail). */
export function invitationTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

export interface InvitationStateDto {
  state: InvitationState;
  sent_at: string | null;
  expires_at: string | null;
}

export interface Invitations {
  /** Refuses (409 `mail_off`) when nothing can be e-mailed; new accounts need their link. */
  assertCanInvite(): void;
  /**
   * E-mails the account a new link and revokes its earlier ones. `sender` is named in the mail.
   * A mail that fails is logged and its invitation revoked: `not_sent`, an admin sends again.
   */
  invite(
    user: Pick<UserRow, 'id' | 'email' | 'name' | 'role'>,
    sender: { id: string | null; name: string },
    context: AuditContext,
  ): Promise<'sent' | 'not_sent'>;
  /** An admin's "Send again": 409 once the account has a password, 502 `mail_failed`. */
  resend(
    userId: string,
    sender: { id: string; name: string },
    context: AuditContext,
  ): Promise<void>;
  /**
   * An admin's "Send a password-reset link": the owner chooses the new password, the old one
   * works until then. 409 for an account without a password of its own or a disabled one.
   */
  sendReset(
    userId: string,
    sender: { id: string; name: string },
    context: AuditContext,
  ): Promise<void>;
  /**
   * A forgotten password, asked for on the sign-in page by anyone: a link goes to the account if
   * it exists, is enabled and has a password, and none went in the last minutes. Answers the
   * same at once either way (the e-mail leaves after the reply).
   */
  requestReset(email: string, context: AuditContext): Promise<void>;
  lookup(token: string): Promise<InvitationLookup>;
  /** Sets the password of the link's account (invited or reset); the link then stops working. */
  accept(token: string, password: string, context: AuditContext): Promise<InvitationLookup>;
  /** The invitation state of each account that has no password yet. */
  statesFor(userIds: readonly string[]): Promise<Map<string, InvitationStateDto>>;
}

const REFUSALS: Readonly<Record<'unknown' | 'used' | 'revoked' | 'expired' | 'disabled', string>> =
  {
    unknown: 'This link is not an invitation of this back-office. Ask an admin for a new one.',
    used: 'This invitation was used already: sign in with the password you chose.',
    revoked: 'A newer invitation replaced this one: use the link in the latest e-mail.',
    expired: 'This invitation expired. Ask an admin to send you a new one.',
    disabled: 'This account is disabled. Ask an admin.',
  };

export function createInvitations({
  repo,
  usersRepository,
  passwordHasher,
  auditService,
  clock,
  logger,
  mail,
  publicUrl,
}: {
  repo: InvitationsRepository;
  usersRepository: Pick<UsersRepository, 'findById' | 'findByEmail' | 'awaitingPassword'>;
  passwordHasher: PasswordHasher;
  auditService: AuditService;
  clock: Clock;
  logger: Logger;
  /** How e-mail leaves; undefined when it is off (SMTP_URL unset, not the demo). */
  mail: MailTransport | undefined;
  publicUrl: URL;
}): Invitations {
  const lookupOf = (user: UserRow, invitation: InvitationRow): InvitationLookup => ({
    purpose: invitation.purpose,
    email: user.email,
    name: user.name,
    role: user.role,
    expires_at: invitation.expiresAt.toISOString(),
  });

  const refused = (why: keyof typeof REFUSALS) => new AppError('invitation_invalid', REFUSALS[why]);

  /** Stores a new link of `purpose` (revoking the account's others) and e-mails it. */
  async function issueLink(
    purpose: LinkPurpose,
    user: Pick<UserRow, 'id' | 'email' | 'name' | 'role'>,
    sender: { id: string | null; name: string | undefined },
    context: AuditContext,
  ): Promise<'sent' | 'not_sent'> {
    if (!mail) return 'not_sent';
    const token = randomBytes(32).toString('base64url');
    const now = clock.now();
    const ttl = purpose === 'invitation' ? INVITATION_TTL_MS : RESET_TTL_MS;
    const row: InvitationRow = {
      id: randomUUID(),
      userId: user.id,
      tokenHash: invitationTokenHash(token),
      purpose,
      invitedBy: sender.id,
      createdAt: now,
      expiresAt: new Date(now.getTime() + ttl),
      acceptedAt: null,
      revokedAt: null,
    };
    await repo.issue(row, [
      auditService.row(context, {
        action: purpose === 'invitation' ? 'user.invited' : 'user.password_reset_sent',
        target: { type: 'user', id: user.id },
        data: { email: user.email, expires_at: row.expiresAt.toISOString() },
      }),
    ]);
    const { expiresAt } = row;
    try {
      await mail.send({
        to: user.email,
        ...(purpose === 'invitation'
          ? invitationMail({ user, sender: sender.name ?? 'An admin', token, publicUrl, expiresAt })
          : passwordResetMail({ user, sender: sender.name, token, publicUrl, expiresAt })),
      });
      return 'sent';
    } catch (error) {
      logger.warn(
        { userId: user.id, purpose, mailError: describeMailError(error) },
        'password link not e-mailed',
      );
      await repo.revoke(row.id, clock.now());
      return 'not_sent';
    }
  }

  const invite = (
    user: Pick<UserRow, 'id' | 'email' | 'name' | 'role'>,
    sender: { id: string | null; name: string },
    context: AuditContext,
  ) => issueLink('invitation', user, sender, context);

  /** Why an account cannot be sent a reset link (undefined: it can). */
  const noReset = (user: UserRow): string | undefined =>
    user.disabledAt
      ? 'This account is disabled: enable it first.'
      : user.passwordHash === AWAITING_PASSWORD
        ? 'This account has no password yet: send its invitation again.'
        : user.passwordHash.startsWith('!')
          ? 'This account signs in with single sign-on only: it has no password here.'
          : undefined;

  function assertCanInvite(): void {
    if (!mail) {
      throw new AppError(
        'mail_off',
        'New accounts get an e-mail with a link to set their password, and this back-office has no SMTP server (SMTP_URL). Set one up first.',
      );
    }
  }

  return {
    assertCanInvite,
    invite,
    async resend(userId, sender, context) {
      const user = UUID_RE.test(userId) ? await usersRepository.findById(userId) : undefined;
      if (!user) throw new AppError('not_found', 'No such user.');
      if (user.passwordHash !== AWAITING_PASSWORD) {
        throw new AppError(
          'conflict',
          'This account has a password already: an invitation would not change it.',
        );
      }
      if (user.disabledAt) {
        throw new AppError('conflict', 'This account is disabled: enable it before inviting.');
      }
      assertCanInvite();
      if ((await invite(user, sender, context)) === 'not_sent') {
        throw new AppError(
          'mail_failed',
          'The SMTP server did not take the invitation. Try again; the log has its answer.',
        );
      }
    },
    async sendReset(userId, sender, context) {
      const user = UUID_RE.test(userId) ? await usersRepository.findById(userId) : undefined;
      if (!user) throw new AppError('not_found', 'No such user.');
      const refusal = noReset(user);
      if (refusal) throw new AppError('conflict', refusal);
      assertCanInvite();
      if ((await issueLink('password_reset', user, sender, context)) === 'not_sent') {
        throw new AppError(
          'mail_failed',
          'The SMTP server did not take the e-mail. Try again; the log has its answer.',
        );
      }
    },
    async requestReset(email, context) {
      assertCanInvite();
      const user = await usersRepository.findByEmail(email);
      if (!user || noReset(user)) return;
      const latest = (await repo.latestFor([user.id], 'password_reset')).get(user.id);
      if (latest && clock.now().getTime() - latest.createdAt.getTime() < RESET_INTERVAL_MS) return;
      // After the reply: how long an SMTP exchange takes must not tell who has an account.
      void issueLink('password_reset', user, { id: null, name: undefined }, context).catch(
        (error: unknown) => logger.warn({ err: error, userId: user.id }, 'password reset not sent'),
      );
    },
    async lookup(token) {
      const found = await repo.findByTokenHash(invitationTokenHash(token));
      if (!found) throw refused('unknown');
      const why = whyNot(found.invitation, found.user, clock.now());
      if (why) throw refused(why);
      return lookupOf(found.user, found.invitation);
    },
    async accept(token, password, context) {
      const tokenHash = invitationTokenHash(token);
      const found = await repo.findByTokenHash(tokenHash);
      if (!found) throw refused('unknown');
      // Checked before the hash is made (scrypt is slow); checked again under the lock.
      const early = whyNot(found.invitation, found.user, clock.now());
      if (early) throw refused(early);
      const passwordHash = await passwordHasher.hash(password);
      const result = await repo.accept(tokenHash, passwordHash, clock.now(), (user) => [
        auditService.row(
          { ...context, actor: { id: user.id, email: user.email } },
          {
            action:
              found.invitation.purpose === 'invitation'
                ? 'user.invitation_accepted'
                : 'user.password_reset_by_link',
            target: { type: 'user', id: user.id },
            data: { email: user.email },
          },
        ),
      ]);
      if (result.kind !== 'accepted') throw refused(result.kind);
      return lookupOf(result.user, found.invitation);
    },
    async statesFor(userIds) {
      const waiting = await usersRepository.awaitingPassword(userIds, AWAITING_PASSWORD);
      const latest = await repo.latestFor(waiting, 'invitation');
      const now = clock.now();
      const states = new Map<string, InvitationStateDto>();
      for (const userId of waiting) {
        const invitation = latest.get(userId);
        const live = invitation && !invitation.revokedAt && !invitation.acceptedAt;
        states.set(userId, {
          state: !live
            ? 'not_sent'
            : invitation.expiresAt.getTime() <= now.getTime()
              ? 'expired'
              : 'sent',
          sent_at: live ? invitation.createdAt.toISOString() : null,
          expires_at: live ? invitation.expiresAt.toISOString() : null,
        });
      }
      return states;
    },
  };
}
