import { err, ok, ValidationErrors, type Result, type ValidationFailed } from '@obp/core';
import { canonicalBody } from '@obp/http';
import { MAX_CLIENT_ID_LENGTH, MAX_REFERENCE_LENGTH, readExpiration, readGuidList, requireObjectBody } from '../share-input';
import type { CreateShareCommand } from './create-share.service';

const fields = ['clientId', 'reference', 'expirationDateUtc', 'consentIds', 'accountIds', 'analysisIds'] as const;

/** Validates a create-share body (spec 2.2); every problem is reported, keyed by field. */
export function parseCreateShareRequest(body: unknown, ownerClientId: string): Result<CreateShareCommand, ValidationFailed> {
  const errors = new ValidationErrors();
  if (!requireObjectBody(body, errors)) return err(errors.toFailure());
  const b = canonicalBody(body, fields)!;

  let clientId = '';
  if (b.clientId === undefined || b.clientId === null) errors.add('clientId', 'The clientId field is required.');
  else if (typeof b.clientId !== 'string') errors.add('clientId', 'The clientId field must be a string.');
  else if (b.clientId.trim() === '') errors.add('clientId', 'The clientId field is required.');
  else if (b.clientId.length > MAX_CLIENT_ID_LENGTH) errors.add('clientId', `The clientId field must be at most ${MAX_CLIENT_ID_LENGTH} characters.`);
  else clientId = b.clientId.trim();

  let reference: string | null = null;
  if (b.reference !== undefined && b.reference !== null) {
    if (typeof b.reference !== 'string') errors.add('reference', 'The reference field must be a string or null.');
    else if (b.reference.length > MAX_REFERENCE_LENGTH) errors.add('reference', `The reference field must be at most ${MAX_REFERENCE_LENGTH} characters.`);
    else reference = b.reference;
  }

  const command: CreateShareCommand = {
    ownerClientId,
    clientId,
    reference,
    expirationDateUtc: readExpiration(b.expirationDateUtc, errors),
    consentIds: readGuidList(b.consentIds, 'consentIds', errors),
    accountIds: readGuidList(b.accountIds, 'accountIds', errors),
    analysisIds: readGuidList(b.analysisIds, 'analysisIds', errors),
  };
  return errors.isEmpty ? ok(command) : err(errors.toFailure());
}
