import { randomBytes } from 'node:crypto';
import { err, ok, ValidationErrors, type Result, type ValidationFailed, Conflict } from '@obp/core';
import { knownScopes, Scopes } from '@obp/contracts';
import { generateSecret, hashSecret } from '../oauth/client-secrets';
import { DuplicateClient, type ClientRepository } from '../oauth/client.repository';

export interface RegisterClientInput {
  clientId?: unknown;
  name?: unknown;
  scopes?: unknown;
  directProviderFlow?: unknown;
}

export interface RegisteredClient {
  clientId: string;
  clientSecret: string;
  name: string;
  scopes: string[];
  directProviderFlow: boolean;
}

const clientIdPattern = /^[A-Za-z0-9][A-Za-z0-9._-]{2,99}$/;

/** Registers an OAuth client; the secret is returned once and only its hash is kept. */
export class RegisterClientService {
  constructor(private readonly clients: ClientRepository) {}

  async execute(input: RegisterClientInput): Promise<Result<RegisteredClient, ValidationFailed | Conflict>> {
    const errors = new ValidationErrors();
    const clientId = input.clientId ?? `app-${randomBytes(8).toString('hex')}`;
    if (typeof clientId !== 'string' || !clientIdPattern.test(clientId)) {
      errors.add('clientId', 'The clientId must be 3-100 characters of letters, digits, dot, dash or underscore.');
    }
    const name = input.name ?? clientId;
    if (typeof name !== 'string' || name.trim() === '' || name.length > 200) errors.add('name', 'The name must be a string of 1-200 characters.');
    const scopes = input.scopes ?? [Scopes.customerApi];
    if (!Array.isArray(scopes) || scopes.length === 0 || !scopes.every((s) => typeof s === 'string' && knownScopes.includes(s))) {
      errors.add('scopes', `The scopes must be a non-empty array of: ${knownScopes.join(', ')}.`);
    }
    const directProviderFlow = input.directProviderFlow ?? true;
    if (typeof directProviderFlow !== 'boolean') errors.add('directProviderFlow', 'The directProviderFlow field must be a boolean.');
    if (!errors.isEmpty) return err(errors.toFailure());

    const clientSecret = generateSecret();
    const registered: RegisteredClient = {
      clientId: clientId as string,
      clientSecret,
      name: (name as string).trim(),
      scopes: [...new Set(scopes as string[])],
      directProviderFlow: directProviderFlow as boolean,
    };
    try {
      await this.clients.insert({
        clientId: registered.clientId,
        name: registered.name,
        secretHash: await hashSecret(clientSecret),
        allowedScopes: registered.scopes,
        directProviderFlow: registered.directProviderFlow,
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
