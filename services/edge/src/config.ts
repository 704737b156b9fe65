import { commonEnv, loadConfig, port, z } from '@obp/config';
import { platformService, upstreamServices, type EdgeUrlEnv } from '@obp/platform';

const burst = (fallback: number) => z.coerce.number().int().min(1).max(1_000_000).default(fallback);
const perSecond = (fallback: number) => z.coerce.number().gt(0).max(100_000).default(fallback);

/** The edge's entry of the platform manifest: its default port and database. */
const edge = platformService('edge');
/** A service's instances: one URL, or several separated by commas (taken in turn). */
const instanceUrls = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((value) => value.split(',').map((url) => url.trim()).filter((url) => url !== ''))
    .pipe(z.array(z.string().url()).min(1, 'needs at least one URL'));

/** The URLs of every service the edge forwards to (`SHARE_SERVICE_URL`, …), by default its port here. */
const upstreamUrls = Object.fromEntries(upstreamServices.map((s) => [s.edgeUrlEnv, instanceUrls(`http://127.0.0.1:${s.port}`)])) as Record<EdgeUrlEnv, ReturnType<typeof instanceUrls>>;

const schema = z.object({
  ...commonEnv,
  PORT: port(edge.port),
  EDGE_DB_NAME: z.string().min(1).default(edge.database.name),
  /** `iss` of every token; services verify it. */
  TOKEN_ISSUER: z.string().url().default('http://localhost:8080'),
  TOKEN_LIFETIME_SECONDS: z.coerce.number().int().min(60).max(86_400).default(3600),
  /**
   * How often every edge reads the signing keys again: a key rotated in by another edge or the
   * rotate-signing-key command is published within this, and must not sign before it has passed.
   */
  SIGNING_KEY_RELOAD_MS: z.coerce.number().int().positive().default(30_000),
  /** Bearer credential of the admin routes; admin routes answer 401 while it is unset. */
  ADMIN_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  ...upstreamUrls,
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  UPSTREAM_CONNECT_TIMEOUT_MS: z.coerce.number().int().positive().default(2_000),
  /** Off only where something in front of the edge limits apps already. */
  RATE_LIMIT_ENABLED: z.enum(['true', 'false']).default('true').transform((v) => v === 'true'),
  /** Every app's API limit unless its client record has its own (Stripe allows 100 requests a second). */
  RATE_LIMIT_BURST: burst(200),
  RATE_LIMIT_PER_SECOND: perSecond(100),
  /** A block claim the store has not answered by then counts as won (the instance then limits on its own). */
  RATE_LIMIT_CLAIM_TIMEOUT_MS: z.coerce.number().int().positive().default(250),
  /** Token requests per client id presented, whether it exists or not. */
  TOKEN_RATE_LIMIT_BURST: burst(20),
  TOKEN_RATE_LIMIT_PER_SECOND: perSecond(1),
  /** Token requests per remote address. */
  TOKEN_ADDRESS_RATE_LIMIT_BURST: burst(100),
  TOKEN_ADDRESS_RATE_LIMIT_PER_SECOND: perSecond(10),
});

export type EdgeConfig = z.infer<typeof schema>;
export const loadEdgeConfig = (env: NodeJS.ProcessEnv = process.env): EdgeConfig => loadConfig(schema, env);
