import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as contracts from '@obp/contracts';
import { gateway, platformServices, upstreamServices } from '@obp/platform';
import { eventCatalogues, repoRoot, topicUses } from '@obp/testkit';
import { ALERTS_MARKS, COMPOSE_MARKS } from '@obp/devstack';
import { serviceConfigLoaders, type ConfigLoader } from './service-packages';
import { serviceMentions } from './service-mentions';

/** The one file that names every service, and what is written from it. */
const MANIFEST = 'packages/platform/src/manifest.ts';
const GENERATED = /^infra\/k8s\/manifests\//;
/** Files whose generated part lies between marks: only that part may name the services. */
const GENERATED_PARTS: Record<string, { start: string; end: string }> = { 'docker-compose.yml': COMPOSE_MARKS, 'infra/prometheus/alerts.yml': ALERTS_MARKS };
/**
 * The e2e harness starts every service in the test's process, each with its typed handle (tests use
 * `stack.share.relay`, `stack.restartConsent()`): e2e tests of a new service start it there.
 */
const ALLOWED = new Set(['e2e/src/harness.ts']);

const names = platformServices.map((s) => s.name);
/** The gateway's port is the platform's public address (the issuer, the examples), not wiring: the others are. */
const ports = upstreamServices.map((s) => s.port);

function withoutGeneratedPart(file: string, text: string): string {
  const marks = GENERATED_PARTS[file];
  if (!marks) return text;
  const start = text.indexOf(marks.start);
  const end = text.indexOf(marks.end);
  return start < 0 || end < start ? text : text.slice(0, start) + text.slice(end);
}

/** Every file of the repository (tracked, or new and not ignored) but the documentation. */
function repositoryFiles(): string[] {
  return execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: repoRoot, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
    .split('\n')
    .filter((file) => file !== '' && !file.endsWith('.md') && file !== 'package-lock.json' && existsSync(join(repoRoot, file)));
}

let loaders: Record<string, ConfigLoader>;
beforeAll(async () => {
  loaders = await serviceConfigLoaders();
});

describe('the platform manifest (@obp/platform)', () => {
  it('names every service under services/ by the SERVICE_NAME it declares, and no other', () => {
    const { services } = topicUses(repoRoot, join(repoRoot, 'services'), eventCatalogues(contracts));
    expect([...names].sort()).toEqual([...services].sort());
  });

  it('gives each service the topics its outbox publishes (the topic map’s publishers)', () => {
    const { uses } = topicUses(repoRoot, join(repoRoot, 'services'), eventCatalogues(contracts));
    for (const s of platformServices) {
      const published = [...new Set(uses.filter((u) => u.service === s.name && u.role === 'publishes').map((u) => u.topic))].sort();
      expect({ service: s.name, topics: [...s.topics].sort() }).toEqual({ service: s.name, topics: published });
    }
  });

  it('is what each service reads by default: its port and its database, by the setting the manifest names', () => {
    for (const s of platformServices) {
      const config = loaders[s.name]!({}) as Record<string, unknown>;
      expect({ service: s.name, port: config.PORT, database: config[s.database.env] }).toEqual({ service: s.name, port: s.port, database: s.database.name });
      expect((loaders[s.name]!({ [s.database.env]: 'elsewhere' }) as Record<string, unknown>)[s.database.env]).toBe('elsewhere');
    }
    const edge = loaders[gateway.name]!({}) as Record<string, unknown>;
    for (const s of upstreamServices) expect(edge[s.edgeUrlEnv]).toEqual([`http://127.0.0.1:${s.port}`]);
  });

  it('is the only file that names a service’s port or lists the services (adding a service is its folder and its entry there)', () => {
    const found = repositoryFiles()
      .filter((file) => file !== MANIFEST && !GENERATED.test(file) && !ALLOWED.has(file))
      .flatMap((file) => {
        const text = readFileSync(join(repoRoot, file), 'utf8');
        return text.includes('\0') ? [] : serviceMentions(file, withoutGeneratedPart(file, text), names, ports, { listSize: 5 });
      });
    expect(found.map((m) => `${m.file}:${m.line}: ${m.what}`)).toEqual([]);
  });

  it('finds a port written out and a hand-made list of the services, as the edge and npm start had them', () => {
    const listed = upstreamServices.slice(0, 5);
    const edgeUpstreams = `const upstreams = {\n${listed.map((s) => `  '${s.name}': config.${s.edgeUrlEnv},`).join('\n')}\n};`;
    expect(serviceMentions('edge-service.ts', edgeUpstreams, names, ports, { listSize: 5 }).map((m) => m.what)).toEqual([`a list of services (${listed.map((s) => s.name).join(', ')})`]);
    const stackLine = `SHARE_PORT="\${SHARE_PORT:-${platformServices[1]!.port}}"`;
    expect(serviceMentions('stack.sh', stackLine, names, ports).map((m) => m.what)).toEqual([`the port ${platformServices[1]!.port}`]);
    // Names inside words, paths and packages are not a list: topics, imports, folders.
    expect(serviceMentions('x.ts', `import '@obp/share'; 'share.events.v1'; services/consent/src; webhooks-share-events; analysis_jobs; feedback.events`, names, ports)).toEqual([]);
  });
});
