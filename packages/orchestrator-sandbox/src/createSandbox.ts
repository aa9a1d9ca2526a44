import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { createLoginRoute } from './auth/createLoginRoute.js';
import { createTokenStore } from './auth/createTokenStore.js';
import { createControlRouter } from './control/createControlRouter.js';
import { createChallengeRouter } from './deposits/createChallengeRouter.js';
import { createDepositLedger } from './deposits/createDepositLedger.js';
import { createDepositRoutes } from './deposits/createDepositRoutes.js';
import { createFaultRegistry } from './faults/createFaultRegistry.js';
import { createSandboxApp } from './http/createSandboxApp.js';
import { createNotifier } from './notifications/createNotifier.js';
import { createPayoutLedger } from './payouts/createPayoutLedger.js';
import { createPayoutRoutes, type PayoutBehaviour } from './payouts/createPayoutRoutes.js';
import { defaultSandboxConfig } from './providers/defaultSandboxConfig.js';
import { createRandom } from './support/createRandom.js';
import { createScheduler } from './support/createScheduler.js';
import type {
  Sandbox,
  SandboxCredentials,
  SandboxLogger,
  SandboxOptions,
  SandboxProfile,
} from './types.js';

export const SANDBOX_DEFAULT_CREDENTIALS: Readonly<SandboxCredentials> = {
  apiKey: 'sandbox-api-key',
  userName: 'merchant@sandbox.test',
  password: 'sandbox-password',
  cashierKey: 'sandbox-cashier',
};

const CHAOS_SEED = 20240501;
const QUIRK_SEED = 20261206;

/** What each profile does unless an option says otherwise (`SandboxOptions.profile`). */
export const SANDBOX_PROFILE_DEFAULTS: Readonly<
  Record<
    SandboxProfile,
    {
      duplicateOrderIds: 'refuse' | 'accept';
      listLagMs: number;
      commitThenTimeoutRate: number;
      offListStatusRate: number;
      sparseNotifications: boolean;
      extraMetadataEntries: Record<string, object[]>;
    }
  >
> = {
  default: {
    duplicateOrderIds: 'refuse',
    listLagMs: 0,
    commitThenTimeoutRate: 0,
    offListStatusRate: 0,
    sparseNotifications: false,
    extraMetadataEntries: {},
  },
  bridgerpay: {
    duplicateOrderIds: 'accept',
    listLagMs: 2_000,
    commitThenTimeoutRate: 0.05,
    offListStatusRate: 0.1,
    sparseNotifications: true,
    // BridgerPay's dashboard offers e-wallet payouts; their API token is undocumented.
    extraMetadataEntries: {
      'BE/EUR': [
        {
          name: 'skrill_wallets',
          title: 'Skrill Wallets',
          payout_method_type: 'ewallet',
          fields: [{ name: 'walletEmail', title: 'Wallet e-mail' }],
        },
      ],
    },
  },
};

const silentLogger: SandboxLogger = { info() {}, warn() {}, error() {}, debug() {} };

function resolveLogger(option: SandboxOptions['logger']): SandboxLogger {
  if (option === false) return silentLogger;
  return option ?? pino({ name: 'orchestrator-sandbox', level: 'warn' });
}

/** Starts a sandbox orchestrator; resolves once it listens. */
/** What `Host` may say in a request to this sandbox's control API. */
function loopbackHosts(host: string, port: number): string[] {
  const names = ['127.0.0.1', 'localhost', '[::1]'];
  if (!['127.0.0.1', 'localhost', '::1', '0.0.0.0', '::'].includes(host)) {
    names.push(host.includes(':') ? `[${host}]` : host);
  }
  return names.map((name) => `${name}:${port}`.toLowerCase());
}

export async function createSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  let ownHosts: string[] = [];
  const now = options.now ?? (() => new Date());
  const credentials: SandboxCredentials = {
    apiKey: options.apiKey ?? SANDBOX_DEFAULT_CREDENTIALS.apiKey,
    userName: options.userName ?? SANDBOX_DEFAULT_CREDENTIALS.userName,
    password: options.password ?? SANDBOX_DEFAULT_CREDENTIALS.password,
    cashierKey: options.cashierKey ?? SANDBOX_DEFAULT_CREDENTIALS.cashierKey,
  };
  const config = structuredClone(options.providers ?? defaultSandboxConfig);
  const cashierKeys = [...new Set([credentials.cashierKey, ...config.cashier_keys])];
  const settleAfterMs = options.settleAfterMs ?? 3000;
  const logger = resolveLogger(options.logger);
  const scheduler = createScheduler();
  const random = createRandom(options.seed);
  let baseUrl = '';

  const notifier = createNotifier({
    url: options.notifyUrl ?? null,
    retry: options.notificationRetry ?? { maxAttempts: 5, baseDelayMs: 500 },
    reorderWindowMs: options.reorderWindowMs ?? 100,
    scheduler,
    random: createRandom(options.seed ?? CHAOS_SEED),
    logger,
  });
  const faults = createFaultRegistry();
  const profile = SANDBOX_PROFILE_DEFAULTS[options.profile ?? 'default'];
  const quirkRandom = createRandom(options.seed === undefined ? QUIRK_SEED : options.seed + 1);
  const behaviour: PayoutBehaviour = {
    duplicateOrderIds: options.duplicateOrderIds ?? profile.duplicateOrderIds,
    listLagMs: options.listLagMs ?? profile.listLagMs,
    commitThenTimeoutRate: options.commitThenTimeoutRate ?? profile.commitThenTimeoutRate,
    extraMetadataEntries: options.extraMetadataEntries ?? profile.extraMetadataEntries,
    random: () => quirkRandom.next(),
  };
  const quirks = {
    offListStatusRate: options.offListStatusRate ?? profile.offListStatusRate,
    offListStatusKind: options.offListStatusKind ?? 'mixed',
    notifications:
      (options.sparseNotifications ?? profile.sparseNotifications)
        ? ('sparse' as const)
        : ('complete' as const),
  };
  const tokens = createTokenStore({ ttlSeconds: options.tokenTtlSeconds ?? 7200, now });
  const payouts = createPayoutLedger({
    now,
    settleAfterMs,
    scheduler,
    random: quirks.offListStatusRate > 0 ? quirkRandom : random,
    notifier,
    quirks,
  });
  const deposits = createDepositLedger({
    now,
    settleAfterMs,
    scheduler,
    random,
    notifier,
    baseUrl: () => baseUrl,
  });

  function settle(id?: string): boolean {
    if (id === undefined) {
      payouts.settle();
      deposits.settle();
      return true;
    }
    if (payouts.get(id)) return payouts.settle(id);
    if (deposits.get(id)) return deposits.settle(id);
    return false;
  }
  const inspect = {
    createCalls: () => payouts.calls(),
    statusCalls: () => payouts.statusCalls(),
    payouts: () => structuredClone(payouts.list()),
    deposits: () => structuredClone(deposits.list()),
    issuedTokens: () => tokens.issued(),
  };

  const routers = [createChallengeRouter({ ledger: deposits })];
  if (options.controlApi !== false) {
    routers.push(
      createControlRouter({
        faults,
        notifier,
        config,
        settle,
        inspect: () => ({
          createCalls: inspect.createCalls(),
          payouts: inspect.payouts(),
          deposits: inspect.deposits(),
        }),
        ownHosts: () => ownHosts,
        secret: options.controlSecret,
      }),
    );
  }
  const app = createSandboxApp({
    routes: [
      createLoginRoute({ credentials, tokens }),
      ...createPayoutRoutes({
        config,
        ledger: payouts,
        now,
        magicAmounts: options.magicAmounts !== false,
        behaviour,
      }),
      ...createDepositRoutes({ config, cashierKeys, ledger: deposits, now }),
    ],
    routers,
    faults,
    tokens,
    credentials,
    scheduler,
    logger,
  });

  const server = createServer(app);
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  baseUrl = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  ownHosts = loopbackHosts(host, port);

  let closing: Promise<void> | undefined;
  return {
    url: baseUrl,
    credentials: { ...credentials },
    config,
    faults: { add: (rule) => faults.add(rule), clear: () => faults.clear() },
    notifications: {
      setUrl: (url) => notifier.setUrl(url),
      setMode: (mode) => notifier.setMode(mode),
      sent: () => notifier.sent(),
      idle: () => notifier.idle(),
    },
    lists: {
      setLagMs(ms) {
        if (!Number.isFinite(ms) || ms < 0) throw new Error('List lag must be 0 or more ms');
        behaviour.listLagMs = ms;
      },
    },
    inspect,
    restorePayouts: (restored) => payouts.restore(restored),
    settle(id) {
      if (!settle(id)) return Promise.reject(new Error('No payout or deposit with that id'));
      return Promise.resolve();
    },
    close() {
      closing ??= new Promise<void>((resolve, reject) => {
        notifier.close();
        scheduler.close();
        server.close((error) => (error ? reject(error) : resolve()));
        // Hung requests and keep-alive sockets would keep close() waiting forever.
        server.closeAllConnections();
      });
      return closing;
    },
  };
}
