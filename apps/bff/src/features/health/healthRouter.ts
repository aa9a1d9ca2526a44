import { Router } from 'express';
import type { Logger } from 'pino';

export type ReadinessCheck = () => Promise<void>;

/**
 * `/healthz`: the process answers (liveness). `/readyz`: it can do its job: the database
 * answers and the orchestrator accepts our login. Failures are named, never explained: an
 * upstream message could carry a credential.
 */
export function createHealthRouter({
  checks,
  logger,
  timeoutMs = 5_000,
}: {
  checks: Record<string, ReadinessCheck>;
  logger: Logger;
  timeoutMs?: number;
}): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    const results = await Promise.all(
      Object.entries(checks).map(async ([name, check]) => {
        let timer: NodeJS.Timeout | undefined;
        try {
          await Promise.race([
            check(),
            new Promise((_, reject) => {
              timer = setTimeout(() => reject(new Error(`${name} check timed out`)), timeoutMs);
            }),
          ]);
          return [name, 'ok'] as const;
        } catch (error) {
          logger.warn({ err: error, check: name }, 'readiness check failed');
          return [name, 'failed'] as const;
        } finally {
          clearTimeout(timer);
        }
      }),
    );
    const ready = results.every(([, result]) => result === 'ok');
    res
      .status(ready ? 200 : 503)
      .set('Cache-Control', 'no-store')
      .json({ status: ready ? 'ready' : 'not_ready', checks: Object.fromEntries(results) });
  });
  return router;
}
