import type { RequestHandler } from 'express';
import type { ProviderRegistry } from '../../providers/provider-registry';

/** GET /providers: `{ data: [{ key, name, countryCodes, description }] }`. */
export const listProvidersHttp = (providers: ProviderRegistry): RequestHandler => (_req, res) => {
  res.json({ data: providers.list() });
};
