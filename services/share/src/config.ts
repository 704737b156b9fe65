import { commonEnv, loadConfig, port, z } from '@obp/config';
import { Topics } from '@obp/contracts';

const schema = z.object({
  ...commonEnv,
  PORT: port(8081),
  SHARE_DB_NAME: z.string().min(1).default('share'),
  TOKEN_ISSUER: z.string().url().default('http://localhost:8080'),
  JWKS_URL: z.string().url().default('http://127.0.0.1:8080/.well-known/jwks.json'),
  SHARE_EVENTS_TOPIC: z.string().min(1).default(Topics.shareEvents),
  CONSENT_EVENTS_TOPIC: z.string().min(1).default(Topics.consentEvents),
  OUTBOX_POLL_MS: z.coerce.number().int().positive().default(1000),
});

export type ShareConfig = z.infer<typeof schema>;
export const loadShareConfig = (env: NodeJS.ProcessEnv = process.env): ShareConfig => loadConfig(schema, env);
