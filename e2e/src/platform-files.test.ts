import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { platformServices, upstreamServices, type PlatformService } from '@obp/platform';
import { repoRoot } from '@obp/testkit';
import { availabilityAlerts, COMPOSE_MARKS, composeServices, platformFiles, withGenerated } from '@obp/devstack';

/** A service that does not exist, as its manifest entry would be. */
const ledger: PlatformService = {
  name: 'ledger',
  component: 'api',
  port: 8099,
  portEnv: 'LEDGER_PORT',
  database: { env: 'LEDGER_DB_NAME', name: 'ledger' },
  topics: [],
  edgeUrlEnv: 'LEDGER_SERVICE_URL',
  resources: { cpu: { request: '100m', limit: '1' }, memoryMi: { request: 192, limit: 512 }, replicas: { min: 2, max: 4 } },
};

describe('the files written from the platform manifest (npx tsx infra/platform-files.ts)', () => {
  it('are committed as infra/platform-files.ts writes them: docker-compose.yml and the alert rules', () => {
    for (const [file, content] of platformFiles(repoRoot)) expect({ file, content: readFileSync(join(repoRoot, file), 'utf8') }).toEqual({ file, content });
  });

  it('run every service of the manifest under compose, the edge with the URL of each one behind it', () => {
    const compose = parse(readFileSync(join(repoRoot, 'docker-compose.yml'), 'utf8')) as { services: Record<string, { image: string; environment: Record<string, string>; depends_on: Record<string, unknown> }> };
    for (const s of platformServices) expect(compose.services[s.name]).toMatchObject({ image: `obp/${s.name}:\${OBP_TAG:-local}`, environment: { SERVICE_NAME: s.name } });
    const edge = compose.services.edge!;
    for (const s of upstreamServices) {
      expect(edge.environment[s.edgeUrlEnv]).toBe(`http://${s.name}:8080`);
      expect(edge.depends_on[s.name]).toEqual({ condition: 'service_healthy' });
    }
  });

  it('take in a service added to the manifest: its container, the edge’s URL of it and wait for it, and the alerts on it', () => {
    const committed = readFileSync(join(repoRoot, 'docker-compose.yml'), 'utf8');
    const compose = parse(withGenerated(committed, COMPOSE_MARKS, composeServices([...platformServices, ledger]), 'docker-compose.yml')) as { services: Record<string, { environment: Record<string, string>; depends_on?: Record<string, unknown> }> };
    expect(compose.services.ledger!.environment).toMatchObject({ SERVICE_NAME: 'ledger', OTEL_SERVICE_NAME: 'ledger' });
    expect(compose.services.edge!.environment.LEDGER_SERVICE_URL).toBe('http://ledger:8080');
    expect(compose.services.edge!.depends_on!.ledger).toEqual({ condition: 'service_healthy' });
    const alerts = availabilityAlerts([...platformServices, ledger]);
    expect(alerts).toContain('|feedback|ledger"}) == 0');
    expect(alerts).toContain('absent(up{job="ledger"})');
  });

  it('refuses a file that lost its marks', () => {
    expect(() => withGenerated('services:\n  mongo: {}\n', COMPOSE_MARKS, composeServices(), 'docker-compose.yml')).toThrow('docker-compose.yml has no place for its generated part');
  });
});
