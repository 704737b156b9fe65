import { loadConfig, port, serviceEnv, z } from '@obp/config';

const schema = z.object({
  ...serviceEnv,
  PORT: port(8086),
  FEEDBACK_DB_NAME: z.string().min(1).default('feedback'),
});

export type FeedbackConfig = z.infer<typeof schema>;
export const loadFeedbackConfig = (env: NodeJS.ProcessEnv = process.env): FeedbackConfig => loadConfig(schema, env);
