import type { providerAdminRoutes } from '@obp/contracts';
import { validationFailure, type RouteHandler } from '@obp/http';
import { Xs2aProviderConfigError, type Xs2aProviderCatalogue } from '../../providers/xs2a/xs2a-providers';

/** PUT /admin/providers/{providerKey}: 200 with the bank as GET /providers lists it; 404 unknown; 409 for a bank of the file or a change that came first; 400 naming a file that cannot be read. */
export const updateProviderHttp =
  (catalogue: Xs2aProviderCatalogue): RouteHandler<typeof providerAdminRoutes.updateProvider> =>
  async ({ params, body }) => {
    if (body.providerKey !== params.providerKey) return validationFailure({ providerKey: [`The providerKey must be the one in the path (${params.providerKey}); a bank's key cannot be changed.`] });
    try {
      const outcome = await catalogue.update(body);
      if (outcome.ok) return { status: 200, body: outcome.value.info };
      if (outcome.reason === 'unknown') return { status: 404, problem: { detail: `No bank with the providerKey '${params.providerKey}' was added through the API.` } };
      if (outcome.reason === 'in-file') return { status: 409, problem: { title: 'Conflict', detail: `The bank '${params.providerKey}' is configured in XS2A_PROVIDERS_FILE: change it there.` } };
      return { status: 409, problem: { title: 'Conflict', detail: `The bank '${params.providerKey}' was changed by another request meanwhile; read it and try again.` } };
    } catch (error) {
      if (error instanceof Xs2aProviderConfigError) return validationFailure({ [error.field]: [error.message] });
      throw error;
    }
  };
