import { loadConfig, milliseconds, port, serviceEnv, z } from '@obp/config';

const schema = z.object({
  ...serviceEnv,
  PORT: port(8083),
  SEQUENCING_DB_NAME: z.string().min(1).default('sequencing'),
  /** How often transactions older than the 13 months sequencing uses are purged. */
  PRUNE_INTERVAL_MS: milliseconds(3_600_000),
});

export type SequencingEngineConfig = z.infer<typeof schema>;
export const loadSequencingEngineConfig = (env: NodeJS.ProcessEnv = process.env): SequencingEngineConfig => loadConfig(schema, env);
