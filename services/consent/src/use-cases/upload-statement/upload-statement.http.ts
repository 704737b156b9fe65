import type { statementImportRoutes } from '@obp/contracts';
import type { RouteHandler } from '@obp/http';
import { consentNotFound } from '../consent-answers';
import type { UploadStatementService } from './upload-statement.service';

/** POST /consents/{id}/statements: 202 with the import's id and Location; the import runs in the background. Idempotent: the import is made under `newId`. */
export const uploadStatementHttp =
  (service: UploadStatementService): RouteHandler<typeof statementImportRoutes.uploadStatement> =>
  async ({ params, query, body, caller, newId, req }) => {
    const result = await service.execute({
      importId: newId,
      consentId: params.id,
      ownerClientId: caller.clientId,
      file: body,
      contentType: req.get('content-type') ?? '',
      formatHint: query.format?.toLowerCase() ?? null,
    });
    if (result.ok) return { status: 202, body: { data: { id: newId } }, headers: { Location: `/consents/${params.id}/statements/${newId}` } };
    if (result.error.code === 'CONFLICT') return { status: 409, problem: { detail: result.error.message } };
    return consentNotFound();
  };
