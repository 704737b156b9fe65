import { loadConfig, milliseconds, port, serviceEnv, z } from '@obp/config';
import { platformService } from '@obp/platform';

/** This service's entry of the platform manifest: its default port and database. */
const manifest = platformService('sequencing-engine');

const schema = z.object({
  ...serviceEnv,
  PORT: port(manifest.port),
  SEQUENCING_DB_NAME: z.string().min(1).default(manifest.database.name),
  /** How often transactions older than the 13 months sequencing uses are purged. */
  PRUNE_INTERVAL_MS: milliseconds(3_600_000),
});

export type SequencingEngineConfig = z.infer<typeof schema>;
export const loadSequencingEngineConfig = (env: NodeJS.ProcessEnv = process.env): SequencingEngineConfig => loadConfig(schema, env);
