import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { parseAllDocuments } from 'yaml';
import { repoRoot } from '@obp/testkit';
import { serviceConfigLoaders, type ConfigLoader } from './service-packages';

const MANIFESTS_DIR = join(repoRoot, 'infra/k8s/manifests');

/** What each service of the platform manifest reads from its environment: the keys of its validated configuration. */
let loaders: Record<string, ConfigLoader>;
beforeAll(async () => {
  loaders = await serviceConfigLoaders();
});

/** Settings no deployment sets: for tests only. */
const TEST_ONLY = new Set(['ANALYSIS_TEST_DELAY_MS']);

interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: { secretKeyRef?: { name: string; key: string } };
}

interface Manifest {
  kind: string;
  metadata: { name: string };
  data?: Record<string, string>;
  stringData?: Record<string, string>;
  spec?: { template?: { spec: { containers: Container[]; initContainers?: Container[] } } };
}

interface Container {
  name: string;
  image: string;
  command: string[];
  env?: EnvVar[];
  envFrom?: Array<{ configMapRef?: { name: string } }>;
}

function manifests(): Manifest[] {
  return readdirSync(MANIFESTS_DIR)
    .filter((file) => file !== 'kustomization.yaml')
    .flatMap((file) => parseAllDocuments(readFileSync(join(MANIFESTS_DIR, file), 'utf8')).map((doc) => doc.toJS() as Manifest));
}

const one = (all: Manifest[], kind: string, name: string): Manifest => {
  const found = all.filter((m) => m.kind === kind && m.metadata.name === name);
  if (found.length !== 1) throw new Error(`expected one ${kind} ${name}, found ${found.length}`);
  return found[0]!;
};

/** The environment a Deployment's container gets: its ConfigMap, its own variables and the Secret's keys (the example's values). */
function environmentOf(deployment: Manifest, all: Manifest[], container: Container = deployment.spec!.template!.spec.containers[0]!): Record<string, string> {
  const secret = one(all, 'Secret', 'obp-secrets').stringData!;
  const env: Record<string, string> = {};
  for (const ref of container.envFrom ?? []) Object.assign(env, one(all, 'ConfigMap', ref.configMapRef!.name).data);
  for (const v of container.env ?? []) {
    const fromSecret = v.valueFrom?.secretKeyRef;
    if (fromSecret) {
      if (!(fromSecret.key in secret)) throw new Error(`${deployment.metadata.name} reads ${fromSecret.key}, which secret.example.yaml does not show`);
      env[v.name] = secret[fromSecret.key]!;
    } else if (v.value !== undefined) env[v.name] = v.value;
  }
  return env;
}

describe('Kubernetes manifests', () => {
  it('are what infra/k8s/render.ts renders', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'k8s-render-'));
    try {
      await promisify(execFile)(process.execPath, ['--require', 'tsx/cjs', join(repoRoot, 'infra/k8s/render.ts'), folder], { cwd: repoRoot });
      const rendered = (await readdir(folder)).sort();
      expect(readdirSync(MANIFESTS_DIR).sort()).toEqual(rendered);
      for (const file of rendered) expect({ file, content: readFileSync(join(MANIFESTS_DIR, file), 'utf8') }).toEqual({ file, content: await readFile(join(folder, file), 'utf8') });
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it("give every service a value for every setting it reads, each one it accepts, and set nothing no service reads", () => {
    const all = manifests();
    const read = new Set<string>();
    for (const [service, load] of Object.entries(loaders)) {
      const env = environmentOf(one(all, 'Deployment', service), all);
      const config = load(env);
      const unset = Object.keys(config).filter((key) => !(key in env) && !TEST_ONLY.has(key));
      expect({ service, unset }).toEqual({ service, unset: [] });
      for (const key of Object.keys(config)) read.add(key);
    }
    const configMap = one(all, 'ConfigMap', 'obp-config').data!;
    // OTEL_* are read by the OpenTelemetry SDK (packages/telemetry), not by a service's configuration.
    expect(Object.keys(configMap).filter((key) => !read.has(key) && !key.startsWith('OTEL_'))).toEqual([]);
  });

  it('run every service and the topic Job from the built files with telemetry preloaded, on the image the contract names', () => {
    const all = manifests();
    const runs = (m: Manifest) => m.spec!.template!.spec.containers[0]!;
    for (const service of Object.keys(loaders)) {
      expect(runs(one(all, 'Deployment', service))).toMatchObject({
        image: expect.stringMatching(new RegExp(`^obp/${service}:`)),
        command: ['node', '--enable-source-maps', '--require', './dist/telemetry/register.js', `dist/${service}/main.js`],
      });
      for (const kind of ['Service', 'PodDisruptionBudget', 'HorizontalPodAutoscaler']) one(all, kind, service);
    }
    expect(runs(one(all, 'Job', 'create-topics')).command.at(-1)).toBe('dist/tools/create-topics.js');
  });

  it("migrate every service's own database before its process starts: an init container on the service's image, with its configuration", () => {
    const all = manifests();
    for (const [service, load] of Object.entries(loaders)) {
      const deployment = one(all, 'Deployment', service);
      const [main] = deployment.spec!.template!.spec.containers;
      const migrate = deployment.spec!.template!.spec.initContainers ?? [];
      expect(migrate.map((c) => ({ image: c.image, command: c.command }))).toEqual([
        { image: main!.image, command: ['node', '--enable-source-maps', '--require', './dist/telemetry/register.js', `dist/${service}/cli/migrate.js`] },
      ]);
      const { MONGODB_URI, NAMESPACE } = load(environmentOf(deployment, all)) as { MONGODB_URI: string; NAMESPACE: string };
      expect(load(environmentOf(deployment, all, migrate[0]))).toMatchObject({ MONGODB_URI, NAMESPACE });
      const databaseOf = (env: Record<string, string>) => Object.entries(load(env)).filter(([key]) => key.endsWith('_DB_NAME'));
      expect(databaseOf(environmentOf(deployment, all, migrate[0]))).toEqual(databaseOf(environmentOf(deployment, all)));
    }
  });
});
