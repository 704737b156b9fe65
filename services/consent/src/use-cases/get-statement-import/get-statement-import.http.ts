import type { statementImportRoutes } from '@obp/contracts';
import type { RouteHandler } from '@obp/http';
import { toStatementImportDto, type StatementImportRepository } from '../../infrastructure/statement-import.repository';
import type { ConsentAccess } from '../consent-access';

const importNotFound = () => ({ status: 404 as const, problem: { detail: 'The statement import does not exist or is not accessible to this app.' } });

/** GET /consents/{id}/statements/{importId}: the import's status, format, accounts, counts and located errors (owner only). */
export const getStatementImportHttp =
  (access: ConsentAccess, imports: StatementImportRepository): RouteHandler<typeof statementImportRoutes.getStatementImport> =>
  async ({ params, caller }) => {
    const consent = await access.ownedConsent(params.id, caller.clientId);
    const found = consent && (await imports.find(consent.id, params.importId));
    return found ? { status: 200, body: { data: toStatementImportDto(found) } } : importNotFound();
  };
