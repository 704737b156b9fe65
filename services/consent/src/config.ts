import { loadConfig, milliseconds as ms, port, serviceEnv, z } from '@obp/config';
import { platformService } from '@obp/platform';

/** This service's entry of the platform manifest: its default port and database. */
const manifest = platformService('consent');

const schema = z.object({
  ...serviceEnv,
  PORT: port(manifest.port),
  CONSENT_DB_NAME: z.string().min(1).default(manifest.database.name),
  /** Base address users reach the API at (the edge): consentUrl points there. */
  PUBLIC_BASE_URL: z.string().url().default('http://localhost:8080'),
  FETCH_POLL_MS: ms(30_000),
  /** A running fetch renews its lease every third of this; another worker takes over after it lapses. */
  FETCH_LEASE_MS: ms(30_000),
  FETCH_TIMEOUT_MS: ms(60_000),
  FETCH_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  FETCH_RETRY_BASE_MS: ms(30_000),
  FETCH_RETRY_MAX_MS: ms(3_600_000),
  MAINTENANCE_INTERVAL_MS: ms(60_000),
  AUTHORIZATION_TIMEOUT_MS: ms(4 * 3_600_000),
  /** `consent.expiring` goes out this many days before an XS2A bank consent's validUntil (0: with the consent's invalidation when validUntil passes; a notice a round missed goes out then too). */
  CONSENT_EXPIRING_NOTICE_DAYS: z.coerce.number().int().min(0).max(180).default(7),
  CONSENT_VALIDITY_DAYS: z.coerce.number().int().min(1).max(730).default(180),
  REFRESH_LIMIT_PER_DAY: z.coerce.number().int().min(1).default(6),
  SANDBOX_SLOW_CALL_MS: ms(3_000),
  /** The operator's admin token: `POST /admin/providers` (the edge checks it too). Unset: admin routes answer 401. */
  ADMIN_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** JSON file of XS2A banks read at start (docs/providers.md); unset: only the banks operators add. */
  XS2A_PROVIDERS_FILE: z.string().min(1).optional(),
  /**
   * The folder (mounted secrets) the certificate and key files of banks added through the admin API must be in, links
   * resolved. Unset: such banks can give certificates as PEM text only. The XS2A_PROVIDERS_FILE's paths may be anywhere.
   */
  XS2A_SECRETS_DIR: z.string().regex(/^\//, 'must be an absolute path').optional(),
  /** How often each instance looks for XS2A banks added on another instance. */
  XS2A_PROVIDERS_RELOAD_MS: ms(30_000),
  /** How often consents waiting on an XS2A bank's authorisation (decoupled, or a callback that never came) are looked at. */
  XS2A_AUTHORIZATION_POLL_MS: ms(2_000),
});

export type ConsentConfig = z.infer<typeof schema>;
export const loadConsentConfig = (env: NodeJS.ProcessEnv = process.env): ConsentConfig => loadConfig(schema, env);
