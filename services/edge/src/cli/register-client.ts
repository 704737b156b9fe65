/**
 * Registers an OAuth client in the edge's database and prints it as JSON (the secret is shown
 * only here). Usage: npm run register-client -- [--client-id ID] [--name NAME]
 *   [--scopes customer-api,feedback-review] [--redirect-urls https://app.example/done,http://localhost]
 *   [--no-direct-provider-flow] [--reset-secret]
 * With --reset-secret an existing client keeps its id and scopes and gets a new secret (and the
 * redirect URLs given, if any).
 * Reads MONGODB_URI and EDGE_DB_NAME like the edge does.
 */
import { parseArgs } from 'node:util';
import { registerClientBody, registeredRedirectUrls, validationMessage, z } from '@obp/contracts';
import { connectDatabase } from '@obp/db';
import { loadEdgeConfig } from '../config';
import { generateSecret, hashSecret } from '../oauth/client-secrets';
import { ClientRepository } from '../oauth/client.repository';
import { RegisterClientService } from '../register-client/register-client.service';

async function main() {
  const { values } = parseArgs({
    options: {
      'client-id': { type: 'string' },
      name: { type: 'string' },
      scopes: { type: 'string' },
      'redirect-urls': { type: 'string' },
      'no-direct-provider-flow': { type: 'boolean', default: false },
      'reset-secret': { type: 'boolean', default: false },
    },
  });
  const config = loadEdgeConfig();
  const db = await connectDatabase(config.MONGODB_URI, config.EDGE_DB_NAME);
  try {
    const clients = new ClientRepository(db);
    const existing = values['client-id'] ? await clients.find(values['client-id']) : null;
    const redirectUrls = values['redirect-urls']?.split(',').map((s) => s.trim());
    if (existing && values['reset-secret']) {
      const urls = z.safeParse(registeredRedirectUrls.optional(), redirectUrls, { error: validationMessage });
      if (!urls.success) return fail(urls.error);
      const clientSecret = generateSecret();
      await clients.replaceSecret(existing.clientId, await hashSecret(clientSecret));
      if (urls.data) await clients.replaceRedirectUrls(existing.clientId, urls.data);
      const { clientId, name, allowedScopes: scopes, directProviderFlow } = existing;
      process.stdout.write(JSON.stringify({ clientId, clientSecret, name, scopes, directProviderFlow, redirectUrls: urls.data ?? existing.redirectUrls }) + '\n');
      return;
    }
    const input = z.safeParse(registerClientBody, {
      clientId: values['client-id'],
      name: values.name,
      scopes: values.scopes?.split(',').map((s) => s.trim()),
      directProviderFlow: !values['no-direct-provider-flow'],
      redirectUrls,
    }, { error: validationMessage });
    if (!input.success) return fail(input.error);
    const result = await new RegisterClientService(clients).execute(input.data);
    if (!result.ok) {
      process.stderr.write(`${result.error.message}\n`);
      process.exitCode = 1;
      return;
    }
    process.stdout.write(JSON.stringify(result.value) + '\n');
  } finally {
    await db.close();
  }
}

function fail(error: z.ZodError): void {
  process.stderr.write(`${error.issues.map((issue) => issue.message).join('\n')}\n`);
  process.exitCode = 1;
}

main().catch((error: unknown) => {
  process.stderr.write(`${String(error)}\n`);
  process.exit(1);
});
