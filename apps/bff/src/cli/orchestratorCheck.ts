import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { createOrchestratorClient } from '@payouts/orchestrator-client';
import type { Sandbox } from '@payouts/orchestrator-sandbox';
import { ConfigError, loadConfig } from '../config.js';
import { formatCheck, runOrchestratorCheck } from '../features/orchestrator/orchestratorCheck.js';
import { corridorsOfSandbox } from '../sandboxWiring.js';
import { importSandbox } from '../server.js';

const USAGE = `Usage: npm run orchestrator:check [-- --create-test-payout]
Reads the BFF's configuration (ORCHESTRATOR_*, CORRIDORS, PUBLIC_URL, ...) as the BFF does.
Without ORCHESTRATOR_BASE_URL it checks the embedded sandbox (SANDBOX_PROFILE).
Exits 1 when the configuration cannot be used, 2 when it cannot be read.`;

/**
 * `npm run orchestrator:check`: what works against the configured orchestrator before any money
 * moves (docs/orchestrator/bridgerpay.md). Sends a payout only with --create-test-payout.
 */
async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      'create-test-payout': { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      return 2;
    }
    throw error;
  }

  let sandbox: Sandbox | undefined;
  // The embedded sandbox calls its notification URL: a stand-in answers it while it runs.
  const stub = createServer((_req, res) => res.writeHead(200).end());
  try {
    let baseUrl = config.orchestrator.baseUrl;
    let target = baseUrl ?? '';
    let notificationUrl = new URL(
      `/api/orchestrator/notifications/${config.orchestrator.notificationToken}`,
      config.publicUrl,
    ).toString();
    if (!baseUrl) {
      await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
      const port = (stub.address() as AddressInfo).port;
      const module = await importSandbox();
      sandbox = await module.createSandbox({
        apiKey: config.orchestrator.apiKey,
        userName: config.orchestrator.userName,
        password: config.orchestrator.password,
        profile: config.orchestrator.sandboxProfile,
        logger: false,
        controlApi: false,
      });
      baseUrl = sandbox.url;
      target = `the embedded sandbox (${config.orchestrator.sandboxProfile} profile)`;
      notificationUrl = `http://127.0.0.1:${port}/api/orchestrator/notifications/${config.orchestrator.notificationToken}`;
    }
    const client = createOrchestratorClient({
      baseUrl,
      apiKey: config.orchestrator.apiKey,
      userName: config.orchestrator.userName,
      password: config.orchestrator.password,
      apiVersion: config.orchestrator.apiVersion,
      timeoutMs: config.orchestrator.timeoutMs,
    });
    const lines = await runOrchestratorCheck({
      client,
      target: `${target} (API ${config.orchestrator.apiVersion})`,
      corridors: config.corridors ?? (sandbox ? corridorsOfSandbox(sandbox) : []),
      notificationUrl,
      refusesDuplicateOrderId: config.reconciler.refusesDuplicateOrderId,
      createTestPayout: values['create-test-payout'],
      fetch,
      now: () => new Date(),
    });
    await client.close();
    const { text, usable } = formatCheck(lines);
    process.stdout.write(`${text}\n${usable ? 'usable' : 'NOT usable'}\n`);
    return usable ? 0 : 1;
  } finally {
    await sandbox?.close();
    stub.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(2);
  },
);
