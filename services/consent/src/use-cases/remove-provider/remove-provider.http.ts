import type { providerAdminRoutes } from '@obp/contracts';
import type { RouteHandler } from '@obp/http';
import type { Xs2aProviderCatalogue } from '../../providers/xs2a/xs2a-providers';

/** DELETE /admin/providers/{providerKey}: 204; 404 unknown; 409 for a bank of the file. Its consents end at their next fetch. */
export const removeProviderHttp =
  (catalogue: Xs2aProviderCatalogue): RouteHandler<typeof providerAdminRoutes.removeProvider> =>
  async ({ params }) => {
    const outcome = await catalogue.remove(params.providerKey);
    if (outcome.ok) return { status: 204 };
    if (outcome.reason === 'in-file') return { status: 409, problem: { title: 'Conflict', detail: `The bank '${params.providerKey}' is configured in XS2A_PROVIDERS_FILE: remove it there.` } };
    return { status: 404, problem: { detail: `No bank with the providerKey '${params.providerKey}' was added through the API.` } };
  };
