import { randomBytes } from 'node:crypto';
import { Conflict, err, ok, type Result } from '@obp/core';
import { Scopes, type RateLimit, type RegisterClientBody } from '@obp/contracts';
import { generateSecret, hashSecret } from '../oauth/client-secrets';
import { DuplicateClient, type ClientRepository } from '../oauth/client.repository';

export interface RegisteredClient {
  clientId: string;
  clientSecret: string;
  name: string;
  scopes: string[];
  directProviderFlow: boolean;
  /** Where consents of the app may send users back (normalised origins and paths). */
  redirectUrls: string[];
  /** The app's own API limit; null: the edge's default. */
  rateLimit: RateLimit | null;
}

/** Registers an OAuth client; the secret is returned once and only its hash is kept. */
export class RegisterClientService {
  constructor(private readonly clients: ClientRepository) {}

  async execute(input: RegisterClientBody): Promise<Result<RegisteredClient, Conflict>> {
    const clientId = input.clientId ?? `app-${randomBytes(8).toString('hex')}`;
    const registered: RegisteredClient = {
      clientId,
      clientSecret: generateSecret(),
      name: input.name ?? clientId,
      scopes: [...new Set(input.scopes ?? [Scopes.customerApi])],
      directProviderFlow: input.directProviderFlow ?? true,
      redirectUrls: input.redirectUrls ?? [],
      rateLimit: input.rateLimit ?? null,
    };
    try {
      await this.clients.insert({
        clientId: registered.clientId,
        name: registered.name,
        secretHash: await hashSecret(registered.clientSecret),
        allowedScopes: registered.scopes,
        directProviderFlow: registered.directProviderFlow,
        redirectUrls: registered.redirectUrls,
        rateLimit: registered.rateLimit,
        disabled: false,
        createdAt: new Date(),
      });
    } catch (error) {
      if (error instanceof DuplicateClient) return err(new Conflict(error.message));
      throw error;
    }
    return ok(registered);
  }
}
