import { loadConfig, milliseconds, port, serviceEnv, z } from '@obp/config';
import { platformService } from '@obp/platform';

/** This service's entry of the platform manifest: its default port and database. */
const manifest = platformService('feedback');

const schema = z.object({
  ...serviceEnv,
  PORT: port(manifest.port),
  FEEDBACK_DB_NAME: z.string().min(1).default(manifest.database.name),
  /**
   * How long a submission looks again for a share opening another app's account it names (a share made
   * a moment ago) before refusing it with a 422.
   */
  FEEDBACK_GRANT_WAIT_MS: milliseconds(3_000),
});

export type FeedbackConfig = z.infer<typeof schema>;
export const loadFeedbackConfig = (env: NodeJS.ProcessEnv = process.env): FeedbackConfig => loadConfig(schema, env);
