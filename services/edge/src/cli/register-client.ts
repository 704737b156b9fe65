/**
 * Registers an OAuth client in the edge's database and prints it as JSON (the secret is shown
 * only here). Usage: npm run register-client -- [--client-id ID] [--name NAME]
 *   [--scopes customer-api,feedback-review] [--redirect-urls https://app.example/done,http://localhost]
 *   [--no-direct-provider-flow] [--reset-secret] [--rate-limit-burst N --rate-limit-per-second N]
 * With --reset-secret an existing client keeps its id and scopes and gets a new secret. Redirect URLs
 * or a rate limit given for an existing client replace the client's. The rate limit (both options, or
 * neither: the edge's default) is the app's own token bucket at the edge (the edges apply a change
 * within a minute); a consent's redirectUrl must be on one of the redirect URLs.
 * Reads MONGODB_URI and EDGE_DB_NAME like the edge does.
 */
import { parseArgs } from 'node:util';
import { registerClientBody, validationMessage, z } from '@obp/contracts';
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
      'rate-limit-burst': { type: 'string' },
      'rate-limit-per-second': { type: 'string' },
    },
  });
  const burst = values['rate-limit-burst'];
  const perSecond = values['rate-limit-per-second'];
  if ((burst === undefined) !== (perSecond === undefined)) {
    process.stderr.write('Give both --rate-limit-burst and --rate-limit-per-second, or neither.\n');
    process.exitCode = 1;
    return;
  }
  const rateLimit = burst !== undefined && perSecond !== undefined ? { burst: Number(burst), perSecond: Number(perSecond) } : undefined;
  const config = loadEdgeConfig();
  const db = await connectDatabase(config.MONGODB_URI, config.EDGE_DB_NAME);
  try {
    const clients = new ClientRepository(db);
    const existing = values['client-id'] ? await clients.find(values['client-id']) : null;
    const redirectUrls = values['redirect-urls']?.split(',').map((s) => s.trim());
    const input = z.safeParse(registerClientBody, {
      clientId: values['client-id'],
      name: values.name,
      scopes: values.scopes?.split(',').map((s) => s.trim()),
      directProviderFlow: !values['no-direct-provider-flow'],
      redirectUrls,
      rateLimit,
    }, { error: validationMessage });
    if (!input.success) return fail(input.error);
    if (existing && (values['reset-secret'] || input.data.rateLimit || input.data.redirectUrls)) {
      const clientSecret = values['reset-secret'] ? generateSecret() : undefined;
      if (clientSecret) await clients.replaceSecret(existing.clientId, await hashSecret(clientSecret));
      if (input.data.rateLimit) await clients.setRateLimit(existing.clientId, input.data.rateLimit);
      if (input.data.redirectUrls) await clients.replaceRedirectUrls(existing.clientId, input.data.redirectUrls);
      const { clientId, name, allowedScopes: scopes, directProviderFlow } = existing;
      const rateLimitNow = input.data.rateLimit ?? existing.rateLimit ?? null;
      const redirectUrlsNow = input.data.redirectUrls ?? existing.redirectUrls;
      process.stdout.write(JSON.stringify({ clientId, ...(clientSecret ? { clientSecret } : {}), name, scopes, directProviderFlow, redirectUrls: redirectUrlsNow, rateLimit: rateLimitNow }) + '\n');
      return;
    }
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
