import type { consentRoutes } from '@obp/contracts';
import type { RouteHandler } from '@obp/http';
import type { ProviderRegistry } from '../../providers/provider-registry';

/** GET /providers: `{ data: [{ key, name, countryCodes, description }] }`. */
export const listProvidersHttp =
  (providers: ProviderRegistry): RouteHandler<typeof consentRoutes.listProviders> =>
  () => ({ status: 200, body: { data: providers.list() } });
