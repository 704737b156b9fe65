import type { RequestHandler } from 'express';
import { callerClientId } from '@obp/auth';
import { ValidationErrors } from '@obp/core';
import { parseGuid, readQuery } from '@obp/http';
import { toConsentDto } from '../../domain/consent';
import type { ConsentRepository } from '../../infrastructure/consent.repository';
import { sendConsentValidationProblem } from '../consent-responses';

const optionalGuid = (query: Record<string, unknown>, name: string, errors: ValidationErrors): string | undefined => {
  const raw = readQuery(query, name);
  if (raw === undefined || raw === '' || raw.toLowerCase() === 'null') return undefined;
  const guid = parseGuid(raw);
  if (!guid) errors.add(name, `The value '${raw}' is not valid for ${name}. It must be a GUID.`);
  return guid;
};

/** GET /consents?ConsentId&UserId&ExternalUserId: the calling app's consents, oldest first, as `{ data: [...] }`. */
export const listConsentsHttp = (consents: ConsentRepository): RequestHandler => async (req, res) => {
  const errors = new ValidationErrors();
  const query = req.query as Record<string, unknown>;
  const consentId = optionalGuid(query, 'ConsentId', errors);
  const userId = optionalGuid(query, 'UserId', errors);
  const rawExternal = readQuery(query, 'ExternalUserId');
  const externalUserId = rawExternal === undefined || rawExternal === '' ? undefined : rawExternal;
  if (!errors.isEmpty) return sendConsentValidationProblem(res, errors.toFailure().errors);
  const items = await consents.list({ ownerClientId: callerClientId(res), consentId, userId, externalUserId });
  res.json({ data: items.map(toConsentDto) });
};
