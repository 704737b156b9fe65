import type { statementImportRoutes } from '@obp/contracts';
import type { RouteHandler } from '@obp/http';
import { toStatementImportDto, type StatementImportRepository } from '../../infrastructure/statement-import.repository';
import type { ConsentAccess } from '../consent-access';
import { consentNotFound } from '../consent-answers';

/** GET /consents/{id}/statements: the owner's imports of the consent, newest first. */
export const listStatementImportsHttp =
  (access: ConsentAccess, imports: StatementImportRepository): RouteHandler<typeof statementImportRoutes.listStatementImports> =>
  async ({ params, caller }) => {
    const consent = await access.ownedConsent(params.id, caller.clientId);
    if (!consent) return consentNotFound();
    return { status: 200, body: { data: (await imports.listByConsent(consent.id)).map(toStatementImportDto) } };
  };
