import { loadConfig, milliseconds, port, serviceEnv, z } from '@obp/config';
import { platformService } from '@obp/platform';

/** This service's entry of the platform manifest: its default port and database. */
const manifest = platformService('share');

const schema = z.object({
  ...serviceEnv,
  PORT: port(manifest.port),
  SHARE_DB_NAME: z.string().min(1).default(manifest.database.name),
  /** Shares kept in process for reads by id (0: none); each replica drops the ones share events name. */
  SHARE_CACHE_ENTRIES: z.coerce.number().int().min(0).default(20_000),
  /** The longest a cached share is served before it is read again (a bound should an event be missed). */
  SHARE_CACHE_TTL_MS: milliseconds(60_000),
  /** How often one instance recounts blocks a stopped change left, moves due shares to expired and builds new lists. */
  SHARE_LIST_MAINTENANCE_INTERVAL_MS: milliseconds(60_000),
});

export type ShareConfig = z.infer<typeof schema>;
export const loadShareConfig = (env: NodeJS.ProcessEnv = process.env): ShareConfig => loadConfig(schema, env);
