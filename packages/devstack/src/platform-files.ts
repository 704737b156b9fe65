/**
 * The parts of the files that cannot import TypeScript, from the platform manifest (@obp/platform): the
 * platform's services in docker-compose.yml and the availability alerts of infra/prometheus/alerts.yml, each
 * between its two marker lines (the rest of each file is written by hand). `npx tsx infra/platform-files.ts`
 * writes them; e2e/src/platform-files.test.ts fails while a committed file differs.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { platformServices, type PlatformService } from '@obp/platform';

/** The port every image listens on inside its container (the Dockerfile's PORT). */
const IMAGE_PORT = 8080;

const marks = (what: string, indent: string) => ({
  start: `${indent}# ---- ${what}: generated from the platform manifest (packages/platform) by \`npx tsx infra/platform-files.ts\`; e2e/src/platform-files.test.ts checks it ----`,
  end: `${indent}# ---- end of ${what} ----`,
});

export const COMPOSE_MARKS = marks('the platform services', '  ');
export const ALERTS_MARKS = marks('the availability alerts', '  ');

/** A secret's value under compose: from the shell or .env, else a placeholder fit for local use only. */
const composeSecret = (key: string) => `\${${key}:-local-${key.toLowerCase().replace(/_/g, '-')}-change-me}`;

/** docker-compose.yml's services of the platform, each from the image the root Dockerfile builds; the gateway waits for the rest. */
export function composeServices(services: readonly PlatformService[] = platformServices): string {
  const upstreamServices = services.filter((s) => s.edgeUrlEnv !== undefined);
  const blocks = services.map((s) => {
    const lines = [
      `  ${s.name}:`,
      '    <<: *platform-service',
      '    build:',
      '      context: .',
      `      args: { SERVICE: ${s.name} }`,
      `    image: obp/${s.name}:\${OBP_TAG:-local}`,
    ];
    if (s.component === 'gateway') lines.push(`    ports: ["${s.port}:${IMAGE_PORT}"]`);
    lines.push('    environment:', '      <<: *platform-env', `      OTEL_SERVICE_NAME: ${s.name}`, `      SERVICE_NAME: ${s.name}`);
    const secrets = s.resources.secrets ?? [];
    if (secrets.length > 0) lines.push('      # Local use only: set these (ADMIN_TOKEN: 16 characters or more) in the shell or .env for anything else.');
    for (const key of secrets) lines.push(`      ${key}: ${composeSecret(key)}`);
    if (s.component === 'gateway') {
      for (const upstream of upstreamServices) lines.push(`      ${upstream.edgeUrlEnv}: http://${upstream.name}:${IMAGE_PORT}`);
      lines.push('    depends_on:', '      <<: *platform-depends');
      for (const upstream of upstreamServices) lines.push(`      ${upstream.name}:`, '        condition: service_healthy');
    }
    return lines.join('\n');
  });
  return blocks.join('\n\n');
}

const job = (names: readonly string[]) => names.join('|');

/** The alerts on services that do not answer, over every service's Prometheus job. */
export function availabilityAlerts(services: readonly PlatformService[] = platformServices): string {
  const names = services.map((s) => s.name);
  const absent = names.map((name) => `absent(up{job="${name}"})`);
  const absentLines = [absent.slice(0, 4).join(' or '), ...(absent.length > 4 ? [`or ${absent.slice(4).join(' or ')}`] : [])];
  return [
    '  - name: obp-availability',
    '    rules:',
    '      - alert: ServiceDown',
    `        expr: sum by (job) (up{job=~"${job(names)}"}) == 0`,
    '        for: 2m',
    '        labels:',
    '          severity: page',
    '        annotations:',
    '          summary: "No replica of {{ $labels.job }} answers /metrics"',
    '          runbook: docs/runbook.md#servicedown',
    '      - alert: ServiceReplicaDown',
    `        expr: up{job=~"${job(names)}"} == 0`,
    '        for: 10m',
    '        labels:',
    '          severity: warning',
    '        annotations:',
    '          summary: "{{ $labels.instance }} of {{ $labels.job }} does not answer /metrics"',
    '          runbook: docs/runbook.md#servicedown',
    '      - alert: ServiceNotScraped',
    '        # No target at all (every pod gone, or the scrape configuration lost them): `up` has no series to be 0.',
    '        expr: |',
    ...absentLines.map((line) => `          ${line}`),
    '        for: 5m',
    '        labels:',
    '          severity: page',
    '        annotations:',
    '          summary: "Prometheus has no target for {{ $labels.job }}"',
    '          runbook: docs/runbook.md#servicedown',
  ].join('\n');
}

/** `document` with what stands between the marks replaced by `content`; throws when it lacks them. */
export function withGenerated(document: string, { start, end }: { start: string; end: string }, content: string, file: string): string {
  const from = document.indexOf(`${start}\n`);
  const to = document.indexOf(`${end}\n`);
  if (from < 0 || to < from) throw new Error(`${file} has no place for its generated part: the lines "${start.trim()}" and "${end.trim()}"`);
  return `${document.slice(0, from + start.length + 1)}${content}\n${document.slice(to)}`;
}

/** Each generated file (relative to `root`) as it should read. */
export function platformFiles(root: string): Map<string, string> {
  const read = (file: string) => readFileSync(join(root, file), 'utf8');
  return new Map([
    ['docker-compose.yml', withGenerated(read('docker-compose.yml'), COMPOSE_MARKS, composeServices(), 'docker-compose.yml')],
    ['infra/prometheus/alerts.yml', withGenerated(read('infra/prometheus/alerts.yml'), ALERTS_MARKS, availabilityAlerts(), 'infra/prometheus/alerts.yml')],
  ]);
}
