import { commonEnv, loadConfig, port, z } from '@obp/config';

const schema = z.object({
  ...commonEnv,
  PORT: port(8080),
  EDGE_DB_NAME: z.string().min(1).default('edge'),
  /** `iss` of every token; services verify it. */
  TOKEN_ISSUER: z.string().url().default('http://localhost:8080'),
  TOKEN_LIFETIME_SECONDS: z.coerce.number().int().min(60).max(86_400).default(3600),
  /** Bearer credential of the admin routes; admin routes answer 401 while it is unset. */
  ADMIN_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  SHARE_SERVICE_URL: z.string().url().default('http://127.0.0.1:8081'),
  CONSENT_SERVICE_URL: z.string().url().default('http://127.0.0.1:8082'),
  SEQUENCING_SERVICE_URL: z.string().url().default('http://127.0.0.1:8083'),
  WEBHOOKS_SERVICE_URL: z.string().url().default('http://127.0.0.1:8084'),
  ANALYSIS_SERVICE_URL: z.string().url().default('http://127.0.0.1:8085'),
  FEEDBACK_SERVICE_URL: z.string().url().default('http://127.0.0.1:8086'),
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
});

export type EdgeConfig = z.infer<typeof schema>;
export const loadEdgeConfig = (env: NodeJS.ProcessEnv = process.env): EdgeConfig => loadConfig(schema, env);
