import {
  KNOWN_FIELDS,
  samplePayoutFor,
  type Corridor,
  type PayoutProvider,
} from '@payouts/contracts';
import { OrchestratorError, type OrchestratorClient } from '@payouts/orchestrator-client';

/** One line of the report: `fail` makes the configuration unusable (a non-zero exit). */
export interface CheckLine {
  level: 'ok' | 'info' | 'warn' | 'fail';
  text: string;
}

export interface OrchestratorCheckInput {
  client: Pick<
    OrchestratorClient,
    'getPayoutProviders' | 'listPayouts' | 'createPayout' | 'checkPayoutStatus'
  >;
  /** Where the orchestrator is, for the report (never with a credential in it). */
  target: string;
  corridors: readonly Corridor[];
  /** `<PUBLIC_URL>/api/orchestrator/notifications/<token>`, as the orchestrator must call it. */
  notificationUrl: string;
  /** What the operator declared (ORCHESTRATOR_REFUSES_DUPLICATE_ORDER_ID). */
  refusesDuplicateOrderId: boolean;
  /** Sends one small test payout (only when asked). */
  createTestPayout: boolean;
  fetch: typeof fetch;
  now: () => Date;
}

const KNOWN_FIELD_NAMES = new Set(
  Object.values(KNOWN_FIELDS).flatMap((fields) => fields.map((f) => f.name)),
);
const HINT_KEYS = ['type', 'required', 'pattern', 'min_length', 'max_length', 'options'] as const;

function problem(error: unknown): string {
  if (error instanceof OrchestratorError) return `${error.kind}: ${error.message}`;
  return error instanceof Error ? error.message : String(error);
}

/**
 * What `npm run orchestrator:check` reports: it logs in (through the first call), reads every
 * corridor's metadata (PSPs per type, entries left out, field names and hints the form does not
 * know), reads one page of payouts (statuses outside the six, unreadable records), and checks
 * that the notification URL answers from here. It sends a payout only when asked to.
 */
export async function runOrchestratorCheck(input: OrchestratorCheckInput): Promise<CheckLine[]> {
  const lines: CheckLine[] = [];
  const say = (level: CheckLine['level'], text: string) => lines.push({ level, text });
  say('info', `orchestrator: ${input.target}`);
  say(
    input.refusesDuplicateOrderId ? 'warn' : 'ok',
    input.refusesDuplicateOrderId
      ? 'ORCHESTRATOR_REFUSES_DUPLICATE_ORDER_ID=1: unknown payouts are re-sent with the same order id; keep it only if you verified that a reused order id is refused'
      : 'no re-send on a guess: unknown payouts go to a person (ORCHESTRATOR_REFUSES_DUPLICATE_ORDER_ID unset)',
  );
  if (input.corridors.length === 0) {
    say('fail', 'no corridors: set CORRIDORS (e.g. BE:EUR,US:USD)');
  }

  const usable: { corridor: Corridor; provider: PayoutProvider }[] = [];
  let loggedIn = false;
  for (const corridor of input.corridors) {
    const where = `${corridor.country}/${corridor.currency}`;
    try {
      const { providers, unsupported } = await input.client.getPayoutProviders(corridor);
      loggedIn = true;
      const byType = new Map<string, string[]>();
      for (const p of providers) {
        byType.set(p.payout_method_type, [...(byType.get(p.payout_method_type) ?? []), p.name]);
        usable.push({ corridor, provider: p });
      }
      say(
        providers.length > 0 ? 'ok' : 'warn',
        providers.length > 0
          ? `${where}: ${[...byType].map(([type, names]) => `${type} ${names.join(', ')}`).join('; ')}`
          : `${where}: no PSP offers payouts (the "Payouts" feature of each PSP's credentials?)`,
      );
      for (const entry of unsupported) {
        say('warn', `${where}: ${entry.name ?? 'an unnamed entry'} left out: ${entry.reason}`);
      }
      const unknownFields = new Set<string>();
      const hints: string[] = [];
      for (const p of providers) {
        const kinds = new Set<string>();
        let hinted = 0;
        for (const field of p.fields) {
          if (!KNOWN_FIELD_NAMES.has(field.name)) unknownFields.add(`${p.name}.${field.name}`);
          const given = HINT_KEYS.filter((key) => field[key] !== undefined);
          if (given.length > 0) hinted += 1;
          for (const key of given) kinds.add(key);
        }
        if (hinted > 0) {
          hints.push(
            `${p.name} ${p.payout_method_type} ${hinted}/${p.fields.length} (${[...kinds].join(', ')})`,
          );
        }
      }
      if (unknownFields.size > 0) {
        say(
          'info',
          `${where}: field names the form knows only by their hints: ${[...unknownFields].join(', ')}`,
        );
      }
      if (hints.length > 0) say('info', `${where}: fields with hints: ${hints.join('; ')}`);
    } catch (error) {
      const auth = error instanceof OrchestratorError && error.kind === 'auth';
      say('fail', `${where}: metadata not read (${problem(error)})`);
      if (auth) {
        say(
          'fail',
          'login refused: check ORCHESTRATOR_USER_NAME, ORCHESTRATOR_PASSWORD and ORCHESTRATOR_API_KEY (sandbox and production credentials differ)',
        );
        break;
      }
    }
  }
  if (loggedIn) say('ok', 'logged in');
  else if (input.corridors.length > 0) say('fail', 'no corridor could be read');

  try {
    const page = await input.client.listPayouts({ limit: 24 });
    const unrecognized = page.records.filter((r) => r.status === 'unrecognized');
    say('ok', `payouts: one page read, ${page.records.length} records`);
    if (unrecognized.length > 0) {
      const raw = [...new Set(unrecognized.map((r) => r.status_raw))];
      say('warn', `statuses outside the six, shown raw and for a person: ${raw.join(', ')}`);
    }
    if (page.unreadable.length > 0) {
      say(
        'warn',
        `${page.unreadable.length} records could not be read: ${page.unreadable.map((u) => u.problem).join('; ')}`,
      );
    }
    const noPsp = page.records.filter((r) => r.psp_name === null || r.payout_method_type === null);
    if (noPsp.length > 0) say('info', `${noPsp.length} records without a PSP or a type we know`);
  } catch (error) {
    say('fail', `payouts list not read (${problem(error)})`);
  }

  try {
    // `{}` is well-formed JSON but no notification: the webhook acknowledges it and stores nothing.
    const res = await input.fetch(input.notificationUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
      signal: AbortSignal.timeout(5000),
    });
    if (res.ok) say('ok', `notification URL answers from here (${res.status})`);
    else {
      say(
        'fail',
        `notification URL answered ${res.status}: check PUBLIC_URL and ORCHESTRATOR_NOTIFICATION_TOKEN`,
      );
    }
  } catch (error) {
    say(
      'warn',
      `notification URL not reachable from here (${problem(error)}); the orchestrator must reach it`,
    );
  }

  if (input.createTestPayout) {
    const first = usable[0];
    if (!first) say('fail', 'test payout: no PSP to send it through');
    else {
      const request = samplePayoutFor(first.provider, first.corridor, input.now());
      try {
        const created = await input.client.createPayout(request);
        say('ok', `test payout ${request.order_id} created: ${created.id} (${created.status_raw})`);
        const record = await input.client.checkPayoutStatus(created.id);
        say('ok', `test payout status: ${record.status_raw}`);
      } catch (error) {
        say('fail', `test payout ${request.order_id} not created (${problem(error)})`);
      }
    }
  }
  return lines;
}

/** The report as printed: one line each, the worst first word makes the exit code. */
export function formatCheck(lines: readonly CheckLine[]): { text: string; usable: boolean } {
  const mark = { ok: 'ok  ', info: 'info', warn: 'WARN', fail: 'FAIL' } as const;
  const text = lines.map((l) => `${mark[l.level]}  ${l.text}`).join('\n');
  return { text, usable: !lines.some((l) => l.level === 'fail') };
}
