import { readFileSync } from 'node:fs';
import { extname } from 'node:path';
import type { PlatformClient } from '@obp/client';

/** camt is XML, a CSV export is CSV, anything else (MT940's .sta, .940, .txt) is sent as text. */
const mediaTypeOf = (file: string): string => ({ '.xml': 'application/xml', '.csv': 'text/csv' })[extname(file).toLowerCase()] ?? 'text/plain';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Creates a statement-upload consent, uploads `file` to it and waits for its import; the consent's id. */
export async function uploadStatement(api: PlatformClient, file: string, log: (line: string) => void): Promise<string> {
  const { data: consent } = await api.POST('/consents', { body: { providerKey: 'statement-upload', externalUserId: 'quickstart-user' } });
  log(`consent ${consent.consentId}: it waits for statement files`);
  const bytes = readFileSync(file);
  const { data: upload } = await api.POST('/consents/{id}/statements', {
    params: { path: { id: consent.consentId } },
    body: bytes as never,
    bodySerializer: (body: unknown) => body as Buffer,
    headers: { 'Content-Type': mediaTypeOf(file) },
  });
  log(`import ${upload.data.id} of ${bytes.length} bytes queued`);
  for (;;) {
    const { data: found } = await api.GET('/consents/{id}/statements/{importId}', { params: { path: { id: consent.consentId, importId: upload.data.id } } });
    const done = found.data;
    if (done.status === 'Completed') {
      log(`imported ${done.format}: ${done.transactionsAdded} transactions added, ${done.duplicatesSkipped} already there, on ${done.accounts.map((a) => a.iban).join(', ')}`);
      return consent.consentId;
    }
    if (done.status === 'Failed') throw new Error(`the statement file was refused:\n${done.errors.map((e) => `  ${e.location}: ${e.message}`).join('\n')}`);
    await sleep(250);
  }
}
