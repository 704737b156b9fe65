/**
 * Rotates the edge's token signing key, lists the keys, or retires one. Usage (from source:
 * npx tsx services/edge/src/cli/rotate-signing-key.ts; built: node dist/edge/cli/rotate-signing-key.js):
 *   [--activate-in-seconds N]   a new key, published by every edge at once, signs from N seconds on
 *                               (default 4 x SIGNING_KEY_RELOAD_MS; at least that interval plus 5 s)
 *   --list                      every key: signing, next, published or retired
 *   --retire KID                withdraws a key from the JWKS (not the one that signs or is about to)
 * Tokens signed with a key that was rotated out keep verifying until they expire, or until it is
 * retired. Prints JSON. Reads MONGODB_URI, EDGE_DB_NAME and SIGNING_KEY_RELOAD_MS like the edge does.
 */
import { parseArgs } from 'node:util';
import { connectDatabase } from '@obp/db';
import { loadEdgeConfig } from '../config';
import { SigningKeyStore } from '../oauth/signing-keys';

/** Time for an edge to finish a reload it began just before the rotation. */
const RELOAD_MARGIN_MS = 5_000;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      'activate-in-seconds': { type: 'string' },
      list: { type: 'boolean', default: false },
      retire: { type: 'string' },
    },
  });
  const config = loadEdgeConfig();
  const earliestMs = config.SIGNING_KEY_RELOAD_MS + RELOAD_MARGIN_MS;
  const activateInMs = values['activate-in-seconds'] === undefined ? Math.max(4 * config.SIGNING_KEY_RELOAD_MS, earliestMs) : Number(values['activate-in-seconds']) * 1000;
  if (!Number.isFinite(activateInMs) || activateInMs < earliestMs) {
    throw new Error(`--activate-in-seconds must be at least ${earliestMs / 1000}: every edge reloads the keys every ${config.SIGNING_KEY_RELOAD_MS / 1000} s and must publish the new key before it signs.`);
  }
  const db = await connectDatabase(config.MONGODB_URI, config.EDGE_DB_NAME);
  try {
    const keys = new SigningKeyStore(db);
    if (values.list) {
      for (const key of await keys.list()) process.stdout.write(JSON.stringify(key) + '\n');
    } else if (values.retire !== undefined) {
      const retired = await keys.retire(values.retire);
      process.stdout.write(JSON.stringify({ retired: values.retire, wasPublished: retired }) + '\n');
    } else {
      process.stdout.write(JSON.stringify(await keys.rotate(activateInMs)) + '\n');
    }
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
