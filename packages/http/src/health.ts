/** What a service's readiness reports: its overall status and each component's check. */
export interface HealthReport {
  status: 'ok' | 'failing' | 'starting' | 'shutting-down';
  checks: Record<string, 'ok' | 'failing'>;
}
