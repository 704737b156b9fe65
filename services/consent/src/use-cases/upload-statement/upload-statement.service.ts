import { randomUUID } from 'node:crypto';
import { traceHeaders } from '@obp/bus';
import { Conflict, err, NotFound, ok, type Result } from '@obp/core';
import { requestFetch, takesStatements } from '../../domain/consent';
import type { ConsentEvents } from '../../infrastructure/consent-events';
import type { ConsentRepository } from '../../infrastructure/consent.repository';
import { pendingImport, type StatementImportRepository } from '../../infrastructure/statement-import.repository';

export interface UploadedStatement {
  /** The import's id, given by the idempotency layer: a retried upload finds its first import. */
  importId: string;
  consentId: string;
  ownerClientId: string;
  file: Buffer;
  contentType: string;
  formatHint: string | null;
}

/**
 * Keeps an uploaded statement file and queues its import: the file and its `Pending` import are stored, then the
 * consent's fetch is requested, which imports it (docs/statements.md). Only the owning app uploads, and only to
 * an active statement-upload consent.
 */
export class UploadStatementService {
  constructor(
    private readonly consents: ConsentRepository,
    private readonly imports: StatementImportRepository,
    private readonly events: ConsentEvents,
    private readonly onImportRequested: () => void,
  ) {}

  async execute(upload: UploadedStatement): Promise<Result<void, NotFound | Conflict>> {
    const consent = await this.consents.find(upload.consentId);
    if (!consent || consent.ownerClientId !== upload.ownerClientId) return err(new NotFound('consent not found'));
    if (!takesStatements(consent)) return err(new Conflict(`This consent is connected to the bank '${consent.providerKey}'; only a statement-upload consent takes statement files.`));
    if (consent.status === 'Invalidated') return err(new Conflict('This consent is Invalidated: it takes no more statement files.'));
    const now = new Date();
    const inserted = await this.imports.insertWithFile(
      pendingImport({ id: upload.importId, consentId: consent.id, ownerClientId: consent.ownerClientId, formatHint: upload.formatHint, contentType: upload.contentType, byteLength: upload.file.length }, now),
      upload.file,
    );
    const requested = await this.consents.mutate(consent.id, (current) => {
      if (current.status === 'Invalidated') return { result: false };
      const next = requestFetch(current, randomUUID(), now, traceHeaders());
      return { next, events: this.events.statusChanged(current, next), result: true };
    });
    // Erased (or invalidated) since it was read: an erasure that finished before the insert would never see the file.
    if (!requested.found) {
      await this.imports.delete(upload.importId);
      return err(new NotFound('consent not found'));
    }
    if (!requested.result) {
      if (inserted) await this.imports.delete(upload.importId);
      return err(new Conflict('This consent is Invalidated: it takes no more statement files.'));
    }
    this.onImportRequested();
    return ok(undefined);
  }
}
