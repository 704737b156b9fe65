/**
 * Starts the XS2A bank simulator: `npx tsx packages/xs2a/src/simulator/main.ts`. Settings (environment):
 * - XS2A_SIM_HOST (127.0.0.1), XS2A_SIM_PORT (8443, mutual TLS), XS2A_SIM_SCA_PORT (8444), XS2A_SIM_PUBLIC_HOST (localhost);
 * - XS2A_SIM_CERT_DIR (<tmp>/obp-xs2a-sim): where the CA certificate and a TPP client certificate and key made at start are
 *   written, for a TPP to use (`ca.pem`, `client-cert.pem`, `client-key.pem`);
 * - XS2A_SIM_PROFILE (retail | business), XS2A_SIM_PAGE_SIZE (100);
 * - XS2A_SIM_TEST_HOOKS (false): `true` serves `/sandbox-test-hooks/...` (README.md);
 * - XS2A_SIM_REQUIRE_SIGNATURES (false): `true` requires the Berlin Group's HTTP message signing on every request;
 * - XS2A_SIM_RESOURCE_IDS_PER_CONSENT (false): `true` lists the accounts under new `resourceId`s for every consent;
 * - XS2A_SIM_UNATTENDED_HISTORY_DAYS (none): PERIOD_INVALID for an unattended transaction read from further back.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startXs2aSimulator } from './start-simulator';

async function main(): Promise<void> {
  const env = process.env;
  const profile = env.XS2A_SIM_PROFILE ?? 'retail';
  if (profile !== 'retail' && profile !== 'business') throw new Error(`XS2A_SIM_PROFILE must be retail or business, not ${profile}`);
  const sim = await startXs2aSimulator({
    host: env.XS2A_SIM_HOST ?? '127.0.0.1',
    port: port(env.XS2A_SIM_PORT, 8443),
    scaPort: port(env.XS2A_SIM_SCA_PORT, 8444),
    publicHost: env.XS2A_SIM_PUBLIC_HOST ?? 'localhost',
    profile,
    pageSize: env.XS2A_SIM_PAGE_SIZE ? Number(env.XS2A_SIM_PAGE_SIZE) : undefined,
    testHooks: env.XS2A_SIM_TEST_HOOKS === 'true',
    requireSignatures: env.XS2A_SIM_REQUIRE_SIGNATURES === 'true',
    resourceIdsPerConsent: env.XS2A_SIM_RESOURCE_IDS_PER_CONSENT === 'true',
    unattendedHistoryDays: env.XS2A_SIM_UNATTENDED_HISTORY_DAYS ? Number(env.XS2A_SIM_UNATTENDED_HISTORY_DAYS) : undefined,
  });
  const dir = resolve(env.XS2A_SIM_CERT_DIR ?? join(tmpdir(), 'obp-xs2a-sim'));
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'ca.pem'), sim.pki.ca.cert);
  writeFileSync(join(dir, 'client-cert.pem'), sim.pki.client.cert);
  writeFileSync(join(dir, 'client-key.pem'), sim.pki.client.key, { mode: 0o600 });
  process.stdout.write(`XS2A simulator: interface ${sim.apiUrl} (mutual TLS), SCA pages ${sim.scaUrl}, certificates in ${dir}\n`);
  const stop = () => void sim.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

function port(value: string | undefined, fallback: number): number {
  const n = value === undefined ? fallback : Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new Error(`invalid port ${value}`);
  return n;
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
