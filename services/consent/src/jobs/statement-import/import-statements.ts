import { randomUUID } from 'node:crypto';
import type { ConsentErrorDto } from '@obp/contracts';
import type { LeasedJobContext } from '@obp/jobs';
import { parseStatement, type StatementParseResult } from '@obp/statements';
import type { Logger } from '@obp/telemetry';
import { importsAnnounced, type Consent } from '../../domain/consent';
import { toAccountDto, type AccountRepository, type StoredAccount } from '../../infrastructure/account.repository';
import type { ConsentEvents } from '../../infrastructure/consent-events';
import { stableId } from '../../infrastructure/stable-id';
import type { ImportOutcome, StatementImport, StatementImportRepository } from '../../infrastructure/statement-import.repository';
import { oldestFirst, toTransactionDto, type AccountHoldings, type StoredTransaction, type TransactionRepository } from '../../infrastructure/transaction.repository';
import { accountsOfFile, notStoredYet, storedRow } from './statement-rows';

/**
 * The booked transactions one file may hold, and one run announces: they travel in the consent's outbox with the
 * write that ends the run, which must stay well under a document's 16 MB even where events are kept as JSON (the
 * outbox gzips large ones). A year of a very busy account fits; a longer export is refused with the advice to split it.
 */
export const MAX_TRANSACTIONS_PER_IMPORT = 25_000;

export interface StatementImportOptions {
  accounts: AccountRepository;
  transactions: TransactionRepository;
  imports: StatementImportRepository;
  events: ConsentEvents;
  logger: Logger;
  /** Reads a file: `parseStatement` unless given. */
  readStatement?: typeof parseStatement;
}

/**
 * The fetch of a statement-upload consent: it imports every uploaded file whose outcome has not reached the
 * consent yet, in upload order, then announces them together as a bank fetch is announced (`accounts.updated`,
 * `transactions.added`, a `transactions.fetched` per completed file). A file is parsed whole before anything
 * of it is stored, so a refused file stores nothing. Transactions are stored under the import's id as their
 * fetch id; an import interrupted anywhere and run again finds what it stored and announces exactly that.
 */
export async function importStatements(options: StatementImportOptions, consent: Consent, { signal, fence, finish }: LeasedJobContext<Consent>): Promise<string> {
  const imports: StatementImport[] = [];
  /** What the imports run now stored, by import (`importFile`). */
  const stored = new Map<string, StoredTransaction[]>();
  // The imports an earlier run announced are recorded on the consent by the write that announced them; marking them
  // on the imports comes after that write, so a crash between the two must not have them announced again.
  const announcedBefore = consent.announcedImportIds ?? [];
  await options.imports.markAnnounced(announcedBefore);
  const waiting = (await options.imports.unannounced(consent.id)).filter((i) => !announcedBefore.includes(i.id));
  let announcing = 0;
  for (const pending of waiting) {
    if (signal.aborted) return 'stopped';
    if (pending.status === 'Pending' || pending.status === 'Running') {
      const transactions = await importFile(options, consent, pending, fence);
      if (transactions) stored.set(pending.id, transactions);
    }
    const done = await options.imports.find(consent.id, pending.id);
    if (!done) continue;
    // The rest waits for the next run once this one announces as many as one write holds.
    if (imports.length > 0 && announcing + done.transactionsAdded > MAX_TRANSACTIONS_PER_IMPORT) break;
    imports.push(done);
    announcing += done.transactionsAdded;
  }
  const more = imports.length < waiting.length;
  const completed = imports.filter((i) => i.status === 'Completed');
  // An import completed by an earlier run (which ended before announcing it) is read back from the store.
  const added = await Promise.all(
    completed.map(async (i) => ({ importId: i.id, transactions: (stored.get(i.id) ?? (await options.transactions.storedBy(consent.id, i.id))).map(toTransactionDto) })),
  );
  const accounts = (await options.accounts.listByConsent(consent.id)).map(toAccountDto);
  const failures: ConsentErrorDto[] = imports
    .filter((i) => i.status === 'Failed')
    .map((i) => ({ date: (i.completedAt ?? new Date()).toISOString(), type: 'StatementImportFailed', code: 'STATEMENT_REFUSED', message: `The statement file of import ${i.id} was refused: ${i.errors[0]?.message ?? 'see the import'}` }));
  const { events } = options;
  const ended = await finish((current, now) => {
    const batches = added.map((a) => ({ ...a, entries: events.transactionsAdded(current, a.importId, a.transactions) }));
    const next = importsAnnounced(current, randomUUID(), now, {
      more,
      completed: completed.length,
      failures,
      accountIds: accounts.map((a) => a.id),
      transactionEventKeys: batches.flatMap((b) => b.entries.map((e) => e.key)),
      announced: { now: imports.map((i) => i.id), marked: announcedBefore },
    });
    return {
      next,
      events: [
        ...(completed.length > 0 ? [events.accountsUpdated(next, accounts)] : []),
        ...batches.flatMap((b) => [...b.entries, events.transactionsFetched(next, b.importId, b.transactions.length, now)]),
        ...events.statusChanged(current, next),
      ],
    };
  });
  if (!ended) return 'stopped';
  // Bookkeeping only: should it not happen, the next run does it (the consent holds the record).
  await options.imports.markAnnounced(imports.map((i) => i.id));
  options.logger.info({ consentId: consent.id, imports: imports.length, completed: completed.length }, 'statement imports announced');
  return 'updated';
}

/** The file parsed; a parser that throws (a fault of ours, logged) refuses the file rather than failing the consent's fetch for ever. */
function readFile(options: StatementImportOptions, pending: StatementImport, file: Buffer): StatementParseResult {
  try {
    return (options.readStatement ?? parseStatement)(file, { format: pending.formatHint ?? undefined, contentType: pending.contentType });
  } catch (error) {
    options.logger.error({ err: error, importId: pending.id, consentId: pending.consentId }, 'a statement parser threw');
    return { ok: false, problems: [{ location: 'file', message: 'The file could not be read: an error on our side, which is logged. Try again later, or send it in another format.' }] };
  }
}

/**
 * Imports the file: returns what the import stored (with what an interrupted earlier run of it stored), oldest
 * first; null when the file was refused. The consent's transactions of the file's accounts are read once, to
 * compare the file with and to store into.
 */
async function importFile(options: StatementImportOptions, consent: Consent, pending: StatementImport, fence: () => Promise<void>): Promise<StoredTransaction[] | null> {
  await options.imports.markRunning(pending.id, new Date());
  const read = await rowsOfFile(options, consent, pending);
  if (!read.ok) {
    await fence();
    await options.imports.recordOutcome(pending.id, read.refused, new Date());
    return null;
  }
  const { accounts, rows, holdings } = read;
  await fence();
  await options.accounts.upsert(accounts);
  // What an earlier run of this import stored before it was interrupted (the file's rest is stored now), and what this run stored.
  const storedBefore = [...holdings.byAccount.values()].flatMap((transactions) => transactions.filter((t) => t.fetchId === pending.id));
  const added = oldestFirst([...storedBefore, ...(await options.transactions.storeRows(consent.id, rows, holdings))]);
  const outcome: ImportOutcome = {
    status: 'Completed',
    format: read.format,
    version: read.version,
    accounts: accounts.map((a) => ({ accountId: a.id, iban: a.iban })),
    transactionsAdded: added.length,
    duplicatesSkipped: read.booked - added.length,
  };
  await options.imports.recordOutcome(pending.id, outcome, new Date());
  return added;
}

type FileRows =
  | { ok: false; refused: ImportOutcome }
  | { ok: true; format: string; version: string | null; booked: number; accounts: StoredAccount[]; rows: StoredTransaction[]; holdings: AccountHoldings };

/**
 * The file read and compared with what its accounts hold: the accounts to store and the rows not stored yet, as
 * stored. The parsed file is not kept beyond this: only the rows are, while they are stored.
 */
async function rowsOfFile(options: StatementImportOptions, consent: Consent, pending: StatementImport): Promise<FileRows> {
  const parsed = readFile(options, pending, await options.imports.file(pending.id));
  if (!parsed.ok) return { ok: false, refused: { status: 'Failed', format: null, version: null, errors: parsed.problems } };
  const { format, version } = parsed.file;
  const fileAccounts = accountsOfFile(parsed.file);
  const booked = fileAccounts.reduce((sum, a) => sum + a.transactions.length, 0);
  if (booked > MAX_TRANSACTIONS_PER_IMPORT) {
    const errors = [{ location: 'file', message: `The file holds ${booked} booked transactions; a file may hold at most ${MAX_TRANSACTIONS_PER_IMPORT}: export a shorter period.` }];
    return { ok: false, refused: { status: 'Failed', format, version, errors } };
  }
  const storedAccounts = new Map((await options.accounts.listByConsent(consent.id)).map((a) => [a.externalId, a]));
  const accountIds = fileAccounts.map((a) => stableId(consent.id, 'account', a.externalId));
  const holdings = await options.transactions.holdings(consent.id, accountIds);
  const accounts: StoredAccount[] = [];
  const rows: StoredTransaction[] = [];
  fileAccounts.forEach((fileAccount, n) => {
    const id = accountIds[n]!;
    const known = storedAccounts.get(fileAccount.externalId);
    accounts.push({
      id,
      consentId: consent.id,
      ownerClientId: consent.ownerClientId,
      externalId: fileAccount.externalId,
      iban: fileAccount.iban,
      name: known?.name ?? fileAccount.iban,
      type: known?.type ?? 'Current',
      currency: fileAccount.currency,
      ownerName: fileAccount.ownerName ?? known?.ownerName ?? '',
      bic: fileAccount.bic ?? known?.bic ?? null,
    });
    for (const t of notStoredYet(fileAccount, holdings.byAccount.get(id) ?? [])) {
      rows.push(
        storedRow(t, {
          id: stableId(consent.id, 'transaction', fileAccount.externalId, t.externalId),
          accountId: id,
          consentId: consent.id,
          ownerClientId: consent.ownerClientId,
          externalId: t.externalId,
          fetchId: pending.id,
          contentKey: t.contentKey,
        }),
      );
    }
  });
  return { ok: true, format, version, booked, accounts, rows, holdings };
}
