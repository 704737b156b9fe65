import { commonEnv, loadConfig, port, z } from '@obp/config';
import { Topics } from '@obp/contracts';

const schema = z.object({
  ...commonEnv,
  PORT: port(8083),
  SEQUENCING_DB_NAME: z.string().min(1).default('sequencing'),
  TOKEN_ISSUER: z.string().url().default('http://localhost:8080'),
  JWKS_URL: z.string().url().default('http://127.0.0.1:8080/.well-known/jwks.json'),
  CONSENT_EVENTS_TOPIC: z.string().min(1).default(Topics.consentEvents),
  SHARE_EVENTS_TOPIC: z.string().min(1).default(Topics.shareEvents),
  /** How often transactions older than the 13 months sequencing uses are purged. */
  PRUNE_INTERVAL_MS: z.coerce.number().int().positive().default(3_600_000),
});

export type SequencingEngineConfig = z.infer<typeof schema>;
export const loadSequencingEngineConfig = (env: NodeJS.ProcessEnv = process.env): SequencingEngineConfig => loadConfig(schema, env);
