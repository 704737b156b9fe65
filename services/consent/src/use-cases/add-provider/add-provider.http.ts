import type { providerAdminRoutes } from '@obp/contracts';
import { validationFailure, type RouteHandler } from '@obp/http';
import { Xs2aProviderConfigError, type Xs2aProviderCatalogue } from '../../providers/xs2a/xs2a-providers';

/** POST /admin/providers: 201 with the bank as GET /providers lists it (no certificate or key); 409 for a key taken; 400 naming a certificate file that cannot be read. */
export const addProviderHttp =
  (catalogue: Xs2aProviderCatalogue): RouteHandler<typeof providerAdminRoutes.addProvider> =>
  async ({ body }) => {
    try {
      const outcome = await catalogue.add(body);
      if (!outcome.added) return { status: 409, problem: { title: 'Conflict', detail: `A provider with the providerKey '${body.providerKey}' exists.` } };
      return { status: 201, body: outcome.provider.info };
    } catch (error) {
      if (error instanceof Xs2aProviderConfigError) return validationFailure({ [error.field]: [error.message] });
      throw error;
    }
  };
