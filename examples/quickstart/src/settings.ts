import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface QuickstartSettings {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** `--statement FILE`: a bank's statement file to upload instead of connecting a sandbox bank. */
  statementFile: string | null;
}

/** Where `npm start` writes the demo client it registers. */
const DEMO_CLIENT_FILE = join(__dirname, '..', '..', '..', '.cache', 'run', 'demo-client.json');

/**
 * OBP_BASE_URL (default http://localhost:8080), OBP_CLIENT_ID and OBP_CLIENT_SECRET; without the
 * credentials, the demo client `npm start` registered. `--statement FILE` among the arguments.
 */
export function readSettings(env: NodeJS.ProcessEnv = process.env, args: readonly string[] = process.argv.slice(2)): QuickstartSettings {
  const baseUrl = env.OBP_BASE_URL ?? 'http://localhost:8080';
  const at = args.indexOf('--statement');
  if (at !== -1 && !args[at + 1]) throw new Error('--statement needs a file: npm run quickstart -- --statement FILE');
  const statementFile = at === -1 ? null : args[at + 1]!;
  if (env.OBP_CLIENT_ID && env.OBP_CLIENT_SECRET) return { baseUrl, clientId: env.OBP_CLIENT_ID, clientSecret: env.OBP_CLIENT_SECRET, statementFile };
  if (!existsSync(DEMO_CLIENT_FILE)) {
    throw new Error(`No client: set OBP_CLIENT_ID and OBP_CLIENT_SECRET, or start the stack with \`npm start\` (it registers the demo client in ${DEMO_CLIENT_FILE}).`);
  }
  const demo = JSON.parse(readFileSync(DEMO_CLIENT_FILE, 'utf8')) as { clientId: string; clientSecret: string };
  return { baseUrl, clientId: demo.clientId, clientSecret: demo.clientSecret, statementFile };
}
