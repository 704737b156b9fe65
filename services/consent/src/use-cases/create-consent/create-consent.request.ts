import { SyncModes, type SyncMode } from '@obp/contracts';
import { err, ok, ValidationErrors, type Result, type ValidationFailed } from '@obp/core';
import { canonicalBody, parseGuid } from '@obp/http';
import type { Consent } from '../../domain/consent';

export const MAX_EXTERNAL_USER_ID_LENGTH = 256;
export const MAX_REDIRECT_URL_LENGTH = 2048;
export const DEFAULT_COUNTRY_CODE = 'NL';

/** The fields of a consent the app chooses (spec 2.8), validated and normalised. */
export type CreateConsentRequest = Pick<Consent, 'providerKey' | 'countryCode' | 'userId' | 'externalUserId' | 'redirectUrl' | 'syncMode'>;

const fields = ['providerKey', 'countryCode', 'userId', 'externalUserId', 'redirectUrl', 'syncMode'] as const;

/** Validates a create-consent body (spec 2.8); every problem is reported, keyed by field. */
export function parseCreateConsentRequest(body: unknown): Result<CreateConsentRequest, ValidationFailed> {
  const errors = new ValidationErrors();
  const b = canonicalBody(body, fields);
  if (!b) return err(errors.add('$', 'The request body must be a JSON object.').toFailure());

  let providerKey = '';
  if (b.providerKey === undefined || b.providerKey === null || (typeof b.providerKey === 'string' && b.providerKey.trim() === '')) errors.add('providerKey', 'The providerKey field is required.');
  else if (typeof b.providerKey !== 'string') errors.add('providerKey', 'The providerKey field must be a string.');
  else providerKey = b.providerKey.trim();

  let countryCode = DEFAULT_COUNTRY_CODE;
  if (b.countryCode !== undefined && b.countryCode !== null) {
    if (typeof b.countryCode !== 'string' || !/^[A-Za-z]{2}$/.test(b.countryCode.trim())) errors.add('countryCode', 'The countryCode field must be a two-letter ISO 3166-1 country code.');
    else countryCode = b.countryCode.trim().toUpperCase();
  }

  let userId: string | null = null;
  if (b.userId !== undefined && b.userId !== null) {
    const guid = parseGuid(b.userId);
    if (!guid) errors.add('userId', 'The userId field must be a GUID or null.');
    else userId = guid;
  }

  let externalUserId: string | null = null;
  if (b.externalUserId !== undefined && b.externalUserId !== null) {
    if (typeof b.externalUserId !== 'string') errors.add('externalUserId', 'The externalUserId field must be a string or null.');
    else if (b.externalUserId.trim() === '') errors.add('externalUserId', 'The externalUserId field must not be empty; send null or leave it out.');
    else if (b.externalUserId.length > MAX_EXTERNAL_USER_ID_LENGTH) errors.add('externalUserId', `The externalUserId field must be at most ${MAX_EXTERNAL_USER_ID_LENGTH} characters.`);
    else externalUserId = b.externalUserId;
  }

  let redirectUrl = '';
  if (b.redirectUrl === undefined || b.redirectUrl === null || (typeof b.redirectUrl === 'string' && b.redirectUrl.trim() === '')) errors.add('redirectUrl', 'The redirectUrl field is required.');
  else if (typeof b.redirectUrl !== 'string') errors.add('redirectUrl', 'The redirectUrl field must be a string.');
  else if (b.redirectUrl.length > MAX_REDIRECT_URL_LENGTH) errors.add('redirectUrl', `The redirectUrl field must be at most ${MAX_REDIRECT_URL_LENGTH} characters.`);
  else if (!isHttpUrl(b.redirectUrl.trim())) errors.add('redirectUrl', 'The redirectUrl field must be an absolute http or https URL.');
  else redirectUrl = b.redirectUrl.trim();

  let syncMode: SyncMode | null = null;
  if (b.syncMode !== undefined && b.syncMode !== null) {
    const match = typeof b.syncMode === 'string' ? SyncModes.find((m) => m.toLowerCase() === (b.syncMode as string).trim().toLowerCase()) : undefined;
    if (!match) errors.add('syncMode', `The syncMode field must be one of ${SyncModes.join(', ')}, or null.`);
    else syncMode = match;
  }

  return errors.isEmpty ? ok({ providerKey, countryCode, userId, externalUserId, redirectUrl, syncMode }) : err(errors.toFailure());
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}
