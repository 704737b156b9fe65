import { Router } from 'express';

export type ReadinessCheck = () => Promise<boolean> | boolean;

/**
 * `/health/live` answers while the process runs; `/health/ready` only while every dependency
 * check passes and the service is not shutting down (load balancers stop sending traffic first).
 */
export function healthRouter(checks: Record<string, ReadinessCheck>, isShuttingDown: () => boolean = () => false): Router {
  const router = Router();
  router.get('/health/live', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/health/ready', async (_req, res) => {
    const results: Record<string, 'ok' | 'failing'> = {};
    await Promise.all(
      Object.entries(checks).map(async ([name, check]) => {
        const healthy = await Promise.race([
          Promise.resolve().then(check).catch(() => false),
          new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 2000).unref()),
        ]);
        results[name] = healthy ? 'ok' : 'failing';
      }),
    );
    const ready = !isShuttingDown() && Object.values(results).every((r) => r === 'ok');
    res.status(ready ? 200 : 503).json({ status: ready ? 'ok' : isShuttingDown() ? 'shutting-down' : 'failing', checks: results });
  });
  return router;
}
