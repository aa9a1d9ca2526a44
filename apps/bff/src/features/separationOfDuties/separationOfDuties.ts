import type { ErrorCode } from '@payouts/contracts';
import { AppError } from '../../shared/AppError.js';
import type { Clock } from '../../shared/clock.js';
import type { AuditContext } from '../../shared/identity.js';
import type { AuditAction, AuditService } from '../audit/index.js';

/** How far back (in accounts made by accounts) a chain of account changes is followed. */
const MAX_CHAIN = 4;

/** One account change that ties two people together. */
export interface AccountTie {
  /** The account changed. */
  userId: string;
  /** Who changed it. */
  actorId: string;
  action: string;
  at: Date;
}

/** Why someone is not a second person to the initiator; the code is the API's. */
export interface SecondPersonRefusal {
  code: ErrorCode;
  message: string;
  reason: 'same_person' | 'account_tie' | 'account_newer';
  /** The account changes through which one person controls both accounts. */
  ties: AccountTie[];
  /** When the decider counts as a second person again (never, for `same_person`). */
  countsFrom: Date | null;
}

export interface SecondPersonQuestion {
  deciderId: string;
  initiatorId: string;
  /** When the thing decided on was made (or proposed): an account made after it decides nothing. */
  subjectAt: Date;
  /** How the refusal names it: "payout", "batch", "policy change", … */
  subject: string;
  /** Code for the same person (kept per subject, as the API always answered). */
  selfCode?: ErrorCode;
  /** Message for the same person. */
  selfMessage?: string;
}

/**
 * The one separation-of-duties rule every approval asks (decision 042). A decider is no second
 * person to the initiator when they are the same account; when one person changed both
 * accounts, or one changed the other, within `APPROVAL_COOLDOWN_HOURS` (created it, re-roled,
 * re-enabled, or reset its password or factors, followed through accounts that person made);
 * or when the decider's account was created after the thing it decides on.
 */
export interface SeparationOfDuties {
  refusal(question: SecondPersonQuestion): Promise<SecondPersonRefusal | null>;
  /**
   * Throws the refusal as an AppError; with `audit`, records it first (the refusal changes
   * nothing else, so it is audited on its own).
   */
  assertSecondPerson(
    question: SecondPersonQuestion,
    audit?: {
      context: AuditContext;
      action: AuditAction;
      target: { type: string; id: string };
      data?: Record<string, unknown>;
    },
  ): Promise<void>;
}

function words(action: string): string {
  switch (action) {
    case 'user.created':
      return 'created';
    case 'user.password_reset':
      return 'reset the password of';
    case 'factor.reset':
      return 'reset the second factors of';
    default:
      return 'changed the role or access of';
  }
}

export function createSeparationOfDuties({
  auditService,
  users,
  clock,
  cooldownMs,
}: {
  auditService: Pick<AuditService, 'accountPowerChanges' | 'record'>;
  users: { createdAt(id: string): Promise<Date | undefined> };
  clock: Clock;
  /** APPROVAL_COOLDOWN_HOURS; 0 turns the account-tie rule off (never the other two). */
  cooldownMs: number;
}): SeparationOfDuties {
  /**
   * Everyone who controls `userId`'s account through recent account changes (itself first), with
   * the change that brought each in: the people who changed it, those who changed them, ….
   */
  async function controllers(userId: string, since: Date): Promise<Map<string, AccountTie[]>> {
    const found = new Map<string, AccountTie[]>([[userId, []]]);
    let frontier = [userId];
    for (let depth = 0; depth < MAX_CHAIN && frontier.length > 0; depth += 1) {
      const changes = await auditService.accountPowerChanges({ userIds: frontier, since });
      const next: string[] = [];
      for (const change of changes) {
        if (found.has(change.actorId)) continue;
        found.set(change.actorId, [...(found.get(change.userId) ?? []), change]);
        next.push(change.actorId);
      }
      frontier = next;
    }
    return found;
  }

  async function refusal(q: SecondPersonQuestion): Promise<SecondPersonRefusal | null> {
    if (q.deciderId === q.initiatorId) {
      return {
        code: q.selfCode ?? 'self_approval',
        message: q.selfMessage ?? `You started this ${q.subject}: someone else must decide on it.`,
        reason: 'same_person',
        ties: [],
        countsFrom: null,
      };
    }
    const created = await users.createdAt(q.deciderId);
    if (created !== undefined && created.getTime() > q.subjectAt.getTime()) {
      return {
        code: 'not_second_person',
        message: `Your account was created after this ${q.subject} (${created.toISOString()}): an account made later does not decide on it. Ask another person.`,
        reason: 'account_newer',
        ties: [],
        countsFrom: null,
      };
    }
    if (cooldownMs <= 0) return null;
    const since = new Date(clock.now().getTime() - cooldownMs);
    const [decider, initiator] = await Promise.all([
      controllers(q.deciderId, since),
      controllers(q.initiatorId, since),
    ]);
    for (const [person, deciderTies] of decider) {
      const initiatorTies = initiator.get(person);
      if (!initiatorTies) continue;
      const ties = [...deciderTies, ...initiatorTies];
      const latest = ties.reduce((a, b) => (b.at > a.at ? b : a));
      const countsFrom = new Date(latest.at.getTime() + cooldownMs);
      const how =
        person === q.initiatorId
          ? `the person who started this ${q.subject} ${words(deciderTies.at(-1)?.action ?? '')} your account`
          : person === q.deciderId
            ? `you ${words(initiatorTies.at(-1)?.action ?? '')} the account that started this ${q.subject}`
            : `one person ${words(deciderTies.at(-1)?.action ?? '')} your account and ${words(initiatorTies.at(-1)?.action ?? '')} the account that started this ${q.subject}`;
      return {
        code: 'approval_cooldown',
        message: `You do not count as a second person here: ${how} (${latest.at.toISOString()}). Your decision counts from ${countsFrom.toISOString()}; ask another person.`,
        reason: 'account_tie',
        ties,
        countsFrom,
      };
    }
    return null;
  }

  return {
    refusal,
    async assertSecondPerson(question, audit) {
      const found = await refusal(question);
      if (!found) return;
      if (audit && found.reason !== 'same_person') {
        const latest = found.ties.reduce<AccountTie | undefined>(
          (a, b) => (a && a.at >= b.at ? a : b),
          undefined,
        );
        await auditService.record(audit.context, {
          action: audit.action,
          target: audit.target,
          data: {
            ...audit.data,
            reason: found.reason === 'account_tie' ? 'approval_cooldown' : found.reason,
            ...(latest
              ? { account_change: latest.action, account_changed_at: latest.at.toISOString() }
              : {}),
            ties: found.ties.map((t) => ({
              user: t.userId,
              by: t.actorId,
              action: t.action,
              at: t.at.toISOString(),
            })),
          },
        });
      }
      throw new AppError(found.code, found.message, {
        extensions: {
          reason: found.reason,
          ...(found.countsFrom ? { approvals_count_from: found.countsFrom.toISOString() } : {}),
        },
      });
    },
  };
}
