import { Router } from 'express';

export interface HealthReport {
  status: 'ok' | 'failing' | 'starting' | 'shutting-down';
  checks: Record<string, 'ok' | 'failing'>;
}

/** The service's own view of its components; `ready` only when every check passes. */
export type HealthProbe = () => Promise<HealthReport>;

/**
 * `/health/live` answers while the process runs; `/health/ready` is 200 only while the probe
 * says ok (load balancers stop sending traffic while a service starts, fails or drains).
 */
export function healthRouter(probe: HealthProbe): Router {
  const router = Router();
  router.get('/health/live', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/health/ready', async (_req, res) => {
    const report = await probe();
    res.status(report.status === 'ok' ? 200 : 503).json(report);
  });
  return router;
}
