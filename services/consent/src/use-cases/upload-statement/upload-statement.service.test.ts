import { EventWriter } from '@obp/bus';
import { consentEvents } from '@obp/contracts';
import { connectDatabase, database, type Connection } from '@obp/db';
import { AggregateStore } from '@obp/store';
import { testEnv, uniqueDbName } from '@obp/testkit';
import type { Consent } from '../../domain/consent';
import { initializedConsent } from '../../domain/consent.fixture';
import { ConsentEvents } from '../../infrastructure/consent-events';
import { ConsentRepository, consentStoreOptions } from '../../infrastructure/consent.repository';
import { StatementImportRepository, type StatementImport } from '../../infrastructure/statement-import.repository';
import { UploadStatementService } from './upload-statement.service';

const file = Buffer.from(':20:STATEMENT\n:25:NL91ABNA0417164300\n');

describe('uploading a statement file (real store)', () => {
  let connection: Connection;
  let consents: ConsentRepository;
  let imports: StatementImportRepository;
  const events = new ConsentEvents(new EventWriter(consentEvents, 'consent.events.test'));

  beforeEach(async () => {
    connection = await connectDatabase(testEnv().mongoUri, uniqueDbName('upload-statement'));
    consents = new ConsentRepository(new AggregateStore<Consent>(database(connection), consentStoreOptions(() => null)));
    await consents.store.ensureIndexes();
    imports = new StatementImportRepository(connection);
    await imports.ensureIndexes();
    await consents.insert(initializedConsent({ id: 'c-up', providerKey: 'statement-upload', status: 'Authenticated', redirectUrl: null }), []);
  });
  afterEach(async () => {
    await database(connection).dropDatabase();
    await connection.close();
  });

  /** The imports' repository, doing `meanwhile` after the consent was read and before the upload's import is stored. */
  const importsWith = (meanwhile: () => Promise<void>) =>
    new (class extends StatementImportRepository {
      override async insertWithFile(created: StatementImport, bytes: Buffer): Promise<boolean> {
        await meanwhile();
        return super.insertWithFile(created, bytes);
      }
    })(connection);
  const uploadWith = (repository: StatementImportRepository) =>
    new UploadStatementService(consents, repository, events, () => undefined).execute({ importId: 'i-1', consentId: 'c-up', ownerClientId: 'app', file, contentType: 'text/plain', formatHint: null });
  const filesKept = () => database(connection).collection('statement_files').countDocuments({});

  it('keeps the file and queues its import', async () => {
    expect((await uploadWith(imports)).ok).toBe(true);
    expect(await imports.find('c-up', 'i-1')).toMatchObject({ status: 'Pending' });
    expect((await imports.file('i-1')).equals(file)).toBe(true);
  });

  it('keeps nothing of a file whose consent was erased while it was uploaded, and answers not found', async () => {
    const erasure = async () => {
      await consents.markErased('c-up', () => [], new Date());
      await imports.deleteByConsent('c-up');
      await consents.remove('c-up');
    };
    const sent = await uploadWith(importsWith(erasure));
    expect(!sent.ok && sent.error.code).toBe('NOT_FOUND');
    expect(await imports.listByConsent('c-up')).toEqual([]);
    expect(await filesKept()).toBe(0);
  });

  it('keeps nothing of a file whose consent was invalidated while it was uploaded, and answers a conflict', async () => {
    const invalidation = async () => {
      await consents.mutate('c-up', (current) => ({ next: { ...current, status: 'Invalidated' }, events: [], result: undefined }));
    };
    const sent = await uploadWith(importsWith(invalidation));
    expect(!sent.ok && sent.error.code).toBe('CONFLICT');
    expect(await imports.listByConsent('c-up')).toEqual([]);
    expect(await filesKept()).toBe(0);
  });
});
