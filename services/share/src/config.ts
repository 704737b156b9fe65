import { loadConfig, port, serviceEnv, z } from '@obp/config';

const schema = z.object({
  ...serviceEnv,
  PORT: port(8081),
  SHARE_DB_NAME: z.string().min(1).default('share'),
});

export type ShareConfig = z.infer<typeof schema>;
export const loadShareConfig = (env: NodeJS.ProcessEnv = process.env): ShareConfig => loadConfig(schema, env);
