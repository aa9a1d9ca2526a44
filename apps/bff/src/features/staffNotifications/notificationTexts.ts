import {
  ASKING_NOTIFICATION_KINDS,
  metadataChangeText,
  type MetadataChange,
  type PayoutDto,
} from '@payouts/contracts';
import { moneyText } from '../../shared/moneyText.js';
import type { NewStaffNotification, StaffNotificationRow } from './staffNotificationsRepository.js';

const CARD = /card_?number|^pan$/i;
const ACCOUNT = /account_?number|iban/i;
const WALLET = /wallet_?address/i;

/** `…` and the last 4 characters, when they are visible (not a mask's `*`); `…` alone if not. */
function lastFour(value: string): string {
  const tail = value.replace(/[\s-]+/g, '').slice(-4);
  return /^[0-9A-Za-z]{4}$/.test(tail) && value.replace(/[\s-]+/g, '').length >= 8
    ? `…${tail}`
    : '…';
}

/**
 * Who gets paid, as a notification may say it: the name, and the card, account or wallet by
 * its last 4 characters only. The payout's metadata is the ledger's, already masked (cards as
 * 6+4, accounts as ****+4, no CVV); the e-mail shows less still.
 */
/** `2026-12-06 10:35 UTC`: one reading for every recipient, wherever they are. */
function utcMinute(at: Date): string {
  return `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** The most characters of one user-supplied part a notification shows. */
const USER_TEXT_MAX = 80;

/**
 * A part someone typed (a payee's name, a file name), as a notification shows it: on one line, at
 * most 80 characters, in quotes that mark it as theirs (any quotes of its own are made plain, so
 * the span cannot be closed early). The bell shows it as typed; e-mails defang every such span
 * (`mailSafe`), since a mail client would link what the bell does not.
 */
export function quotedUserText(value: string): string {
  const line = value
    .normalize('NFKC')
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]+/gu, ' ')
    .replace(/[“”]/g, '"')
    .replace(/\s+/g, ' ')
    .trim();
  const short = line.length > USER_TEXT_MAX ? `${line.slice(0, USER_TEXT_MAX - 1)}…` : line;
  return `“${short}”`;
}

/**
 * A notification's text for an e-mail: every quoted user part defanged, so a mail client links
 * nothing in it (`https://evil.example` becomes `https[:]//evil[.]example`, `a@b.c` becomes
 * `a[at]b[.]c`): the only links in an e-mail are ours.
 */
export function mailSafe(text: string): string {
  return text.replace(
    /“([^“”]*)”/g,
    (_all, inner: string) =>
      `“${inner
        .replace(/:\/\//g, '[:]//')
        .replace(/(?<=[\p{L}\p{N}])\.(?=\p{L})/gu, '[.]')
        .replace(/@/g, '[at]')}”`,
  );
}

export function maskedRecipient(payout: {
  metadata: PayoutDto['metadata'];
  recipient: { name: string | null };
}): string {
  const { metadata } = payout;
  let where: string | undefined;
  for (const [name, value] of Object.entries(metadata)) {
    if (typeof value !== 'string' || value === '') continue;
    if (CARD.test(name)) where = `card ${lastFour(value)}`;
    else if (ACCOUNT.test(name)) where = `account ${lastFour(value)}`;
    else if (WALLET.test(name)) where = `wallet ${lastFour(value)}`;
    if (where) break;
  }
  const who =
    payout.recipient.name === null ? 'an unnamed recipient' : quotedUserText(payout.recipient.name);
  return where ? `${who} (${where})` : who;
}

export function payoutAwaitingApprovalText(payout: PayoutDto): NewStaffNotification {
  const rule = payout.approval_rule;
  const approvals =
    rule && rule.approvals_required > 1 ? ` (${rule.approvals_required} approvals needed)` : '';
  return {
    kind: 'payout_awaiting_approval',
    targetId: payout.id,
    title: `Payout of ${moneyText(payout.amount, payout.currency)} awaits approval`,
    body:
      `To ${maskedRecipient(payout)}, created by ${payout.created_by.name || 'someone'}` +
      `${rule ? `; rule "${rule.name}"` : ''}${approvals}.`,
    linkPath: `/payouts/${payout.id}`,
  };
}

/** What a creator is told about their payout: decided by others, or gone wrong. */
export type PayoutOutcome = 'approved' | 'rejected' | 'declined' | 'failed' | 'needs_attention';

/** A payout as its outcome notice names it (the ledger's row: its metadata already masked). */
export interface PayoutOutcomeFacts {
  id: string;
  orderId: string;
  amount: string;
  currency: string;
  metadata: PayoutDto['metadata'];
  recipientName: string | null;
  declineCode: string | null;
  declineReason: string | null;
  failureReason: string | null;
  rejectionReason: string | null;
}

const ATTENTION_TEXT =
  'Its outcome at the PSP is not settled and needs a person: open it to find it at the PSP or mark it failed.';

/** To its creator: what others decided, or what went wrong (a payout paid out is no news). */
export function payoutOutcomeText(input: {
  payout: PayoutOutcomeFacts;
  outcome: PayoutOutcome;
  /** Who decided it (approved, rejected): a name. */
  byName: string | undefined;
}): NewStaffNotification {
  const { payout: p, outcome, byName } = input;
  const what = `Your payout of ${moneyText(p.amount, p.currency)}`;
  const to = `To ${maskedRecipient({ metadata: p.metadata, recipient: { name: p.recipientName } })}, order ${quotedUserText(p.orderId)}`;
  const by = byName ? ` by ${byName}` : '';
  const because = (reason: string | null) => (reason ? `: ${quotedUserText(reason)}` : '');
  const texts: Record<PayoutOutcome, { title: string; body: string }> = {
    approved: {
      title: `${what} was approved`,
      body: `${to}; approved${by} and sent to the PSP.`,
    },
    rejected: {
      title: `${what} was rejected`,
      body: `${to}; rejected${by}${because(p.rejectionReason)}. Nothing was sent.`,
    },
    declined: {
      title: `${what} was declined`,
      body: `${to}; the PSP declined it${because(p.declineReason ?? p.declineCode)}.`,
    },
    failed: {
      title: `${what} failed`,
      body: `${to}; it failed${because(p.failureReason)}.`,
    },
    needs_attention: {
      title: `${what} needs attention`,
      body: `${to}. ${ATTENTION_TEXT}`,
    },
  };
  return {
    kind: 'payout_outcome',
    targetId: p.id,
    ...texts[outcome],
    linkPath: `/payouts/${p.id}`,
  };
}

/** What an uploader is told about their batch. */
export type BatchOutcome = 'approved' | 'rejected' | 'completed' | 'completed_with_failures';

/** To its uploader: decided by others, or finished (how many rows were paid, how many not). */
export function batchOutcomeText(input: {
  batch: { id: string; fileName: string };
  outcome: BatchOutcome;
  byName: string | undefined;
  reason?: string | null | undefined;
  /** Rows paid, and rows not paid (declined, failed, invalid), once finished. */
  rows?: { paid: number; notPaid: number } | undefined;
}): NewStaffNotification {
  const { batch, outcome, byName, reason, rows } = input;
  const file = quotedUserText(batch.fileName);
  const by = byName ? ` by ${byName}` : '';
  const plural = (n: number) => `${n} row${n === 1 ? '' : 's'}`;
  const texts: Record<BatchOutcome, { title: string; body: string }> = {
    approved: {
      title: `Your batch ${file} was approved`,
      body: `Approved${by}: its rows are being sent.`,
    },
    rejected: {
      title: `Your batch ${file} was rejected`,
      body: `Rejected${by}${reason ? `: ${quotedUserText(reason)}` : ''}. Nothing was sent.`,
    },
    completed: {
      title: `Your batch ${file} finished`,
      body: `Every row was paid${rows ? ` (${plural(rows.paid)})` : ''}.`,
    },
    completed_with_failures: {
      title: `Your batch ${file} finished with rows not paid`,
      body: rows
        ? `${plural(rows.paid)} paid, ${plural(rows.notPaid)} not: open it to see why, or retry them through another PSP.`
        : 'Some rows were not paid: open it to see why, or retry them through another PSP.',
    },
  };
  return {
    kind: 'batch_outcome',
    targetId: batch.id,
    ...texts[outcome],
    linkPath: `/batches/${batch.id}`,
  };
}

export function batchAwaitingApprovalText(input: {
  batchId: string;
  fileName: string;
  rows: number;
  total: string;
  currency: string;
  createdByName: string;
  ruleName: string | null;
  required: number;
}): NewStaffNotification {
  const approvals = input.required > 1 ? ` (${input.required} approvals needed)` : '';
  return {
    kind: 'batch_awaiting_approval',
    targetId: input.batchId,
    title: `Batch of ${input.rows} payouts (${input.total} ${input.currency}) awaits approval`,
    body:
      `File ${quotedUserText(input.fileName)}, uploaded by ${input.createdByName || 'someone'}` +
      `${input.ruleName ? `; rule "${input.ruleName}"` : ''}${approvals}.`,
    linkPath: `/batches/${input.batchId}`,
  };
}

export function policyChangeProposedText(input: {
  proposalId: string;
  proposedByName: string;
}): NewStaffNotification {
  return {
    kind: 'policy_change_proposed',
    targetId: input.proposalId,
    title: 'An approval policy change awaits review',
    body: `Proposed by ${input.proposedByName}.`,
    linkPath: '/approval-policies',
  };
}

/** To the other admins: an approved change weakens the policy and takes effect later. */
export function policyChangeScheduledText(input: {
  proposalId: string;
  approvedByName: string;
  effectiveAt: Date;
  weakening: string;
}): NewStaffNotification {
  return {
    kind: 'policy_change_scheduled',
    targetId: input.proposalId,
    title: 'A policy change that weakens approvals takes effect soon',
    body:
      `Approved by ${input.approvedByName}; in force at ${utcMinute(input.effectiveAt)} unless an admin cancels it. ` +
      `With it, ${input.weakening}.`,
    linkPath: '/approval-policies',
  };
}

/** The most changes one notification names; the Providers page lists them all. */
const CHANGES_NAMED = 3;

/**
 * Admins hear that a corridor's form changed at the orchestrator (decision 041): what changed,
 * and what no longer passes it (saved beneficiaries, batches not yet submitted).
 */
export function metadataChangedText(input: {
  corridor: { country: string; currency: string };
  version: number;
  changes: readonly MetadataChange[];
  psps: readonly { name: string; title: string }[];
  beneficiaries: number;
  batches: readonly { fileName: string; rows: number }[];
}): NewStaffNotification {
  const where = `${input.corridor.country}/${input.corridor.currency}`;
  const named = input.changes.slice(0, CHANGES_NAMED).map((c) => metadataChangeText(c, input.psps));
  const more = input.changes.length - named.length;
  const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  const stale: string[] = [];
  if (input.beneficiaries > 0) {
    stale.push(plural(input.beneficiaries, 'saved beneficiary', 'saved beneficiaries'));
  }
  if (input.batches.length > 0) {
    const rows = input.batches.reduce((n, b) => n + b.rows, 0);
    stale.push(
      `${plural(rows, 'row', 'rows')} of ${plural(input.batches.length, 'unsubmitted batch', 'unsubmitted batches')} (${input.batches
        .slice(0, 2)
        .map((b) => quotedUserText(b.fileName))
        .join(', ')}${input.batches.length > 2 ? ', …' : ''})`,
    );
  }
  return {
    kind: 'metadata_changed',
    targetId: `${where}@${input.version}`,
    title: `The orchestrator changed the payout form for ${where}`,
    body:
      `${named.join('; ')}${more > 0 ? `; and ${plural(more, 'more change', 'more changes')}` : ''}. ` +
      (stale.length > 0
        ? `${stale.join(' and ')} no longer pass: they are flagged with the field.`
        : 'Nothing saved is affected.'),
    linkPath: '/providers',
  };
}

export function userChangeProposedText(input: {
  changeId: string;
  summary: string;
  proposedByName: string;
}): NewStaffNotification {
  return {
    kind: 'user_change_proposed',
    targetId: input.changeId,
    title: 'An account change awaits a second admin',
    body: `${input.proposedByName} asks for ${input.summary}.`,
    linkPath: '/users',
  };
}

const ENROLLED_WHAT = {
  totp: 'An authenticator app',
  passkey: 'A passkey',
  recovery_codes: 'A new set of recovery codes',
} as const;

/** To the user: a second factor or recovery codes were added to their account. */
export function factorEnrolledText(input: {
  userId: string;
  /** The factor's id; undefined for recovery codes. */
  factorId: string | undefined;
  what: keyof typeof ENROLLED_WHAT;
  label: string | undefined;
  at: Date;
  address: string | null;
}): NewStaffNotification {
  const named = input.label === undefined ? '' : ` (${quotedUserText(input.label)})`;
  const from = input.address === null ? '' : ` from address ${input.address}`;
  return {
    kind: 'factor_enrolled',
    targetId: input.factorId ?? input.userId,
    title:
      input.what === 'recovery_codes'
        ? 'New recovery codes were made for your account'
        : 'A second factor was added to your account',
    body:
      `${ENROLLED_WHAT[input.what]}${named} was added at ${utcMinute(input.at)}${from}. ` +
      'Not you? Sign out everywhere on the Security page, remove the factor, and tell an admin.',
    linkPath: '/security',
  };
}

export interface MailText {
  subject: string;
  text: string;
}

const FOOTER =
  'You receive this because you may approve it, it concerns your own payout or batch, or it concerns your role or your account. Choose immediate e-mails or an hourly digest ' +
  'under the bell in the app.';

/** One e-mail: a notification, or an hourly digest of several. Plain text, no tracking. */
export function mailText(input: {
  recipientName: string;
  notifications: readonly StaffNotificationRow[];
  publicUrl: URL;
  digest: boolean;
}): MailText {
  const link = (path: string) => new URL(path, input.publicUrl).href;
  const [first] = input.notifications;
  const hello = `Hello ${input.recipientName},`;
  if (!input.digest && first) {
    return {
      subject: mailSafe(first.title),
      text: [
        hello,
        '',
        mailSafe(first.title),
        mailSafe(first.body),
        '',
        `Open it: ${link(first.linkPath)}`,
        '',
        FOOTER,
      ].join('\n'),
    };
  }
  const n = input.notifications.length;
  const items = input.notifications.flatMap((item) => [
    `- ${mailSafe(item.title)}`,
    `  ${mailSafe(item.body)}`,
    `  ${link(item.linkPath)}`,
  ]);
  // What asks for a decision, and what only tells (the outcome of one's own payout or batch).
  const asking = input.notifications.filter((item) =>
    ASKING_NOTIFICATION_KINDS.includes(item.kind),
  ).length;
  const told = n - asking;
  const what =
    told === 0
      ? `${n} item${n === 1 ? '' : 's'} awaiting your approval`
      : asking === 0
        ? `${n} update${n === 1 ? '' : 's'} on your payouts and batches`
        : `${asking} item${asking === 1 ? '' : 's'} awaiting your approval, ${told} update${told === 1 ? '' : 's'}`;
  return {
    subject: `${what} (hourly digest)`,
    text: [
      hello,
      '',
      `In the last hour, ${n} item${n === 1 ? '' : 's'} arrived:`,
      '',
      ...items,
      '',
      FOOTER,
    ].join('\n'),
  };
}
