import { EventWriter } from '@obp/bus';
import { consentEvents } from '@obp/contracts';
import { connectDatabase, database, type Connection } from '@obp/db';
import { AggregateStore } from '@obp/store';
import { createLogger } from '@obp/telemetry';
import { testEnv, uniqueDbName } from '@obp/testkit';
import { approve, type Consent } from '../../domain/consent';
import { initializedConsent } from '../../domain/consent.fixture';
import { ConsentEvents } from '../../infrastructure/consent-events';
import { ConsentRepository, consentStoreOptions } from '../../infrastructure/consent.repository';
import type { BankConsentState, BankProvider } from '../../providers/bank-provider';
import { ProviderRegistry } from '../../providers/provider-registry';
import { BankAuthorization } from '../../providers/xs2a/bank-consent';
import { AuthorizeConsentService } from '../authorize-consent/authorize-consent.service';
import { completeBankAuthorizationHttp } from './complete-bank-authorization.http';

describe('the bank sends the user back from a re-authorisation a poll decided first (real store)', () => {
  let connection: Connection;
  afterAll(async () => {
    await database(connection).dropDatabase();
    await connection.close();
  });

  it('takes the user to the app with the outcome (approved, rejected), on every hit of the link; another link stays unknown', async () => {
    connection = await connectDatabase(testEnv().mongoUri, uniqueDbName('bank-callback'));
    const consents = new ConsentRepository(new AggregateStore<Consent>(database(connection), consentStoreOptions(() => null)));
    await consents.store.ensureIndexes();
    const events = new ConsentEvents(new EventWriter(consentEvents, 'consent.events.test'));
    const atBank = new Map<string, BankConsentState>();
    const bank = {
      kind: 'bank',
      info: { key: 'fake-bank' },
      bankConsent: { state: async (id: string) => atBank.get(id) ?? 'pending', remove: async () => undefined, create: async () => ({}), readsPerDay: 4, validityDays: 90 },
    } as unknown as BankProvider;
    const authorization = new BankAuthorization(consents, events, new ProviderRegistry([bank]), () => undefined, createLogger('test', 'silent'), 3_600_000);
    const callback = completeBankAuthorizationHttp(new AuthorizeConsentService(consents, events, () => undefined), authorization);
    const hit = async (id: string, state: string, result: 'ok' | 'nok') => {
      const answer = (await callback({ params: { providerKey: 'fake-bank' }, query: { consentId: id, state, result } } as never)) as { status: number; location?: string };
      return answer.location ? new URL(answer.location).searchParams.get('reauthorisation') : answer.status;
    };

    const now = new Date();
    const renewing = (id: string, bankId: string, state: string): Consent => ({
      ...approve(initializedConsent({ id, providerKey: 'fake-bank', redirectUrl: 'https://app.example/back', dateExpire: new Date(now.getTime() + 86_400_000) }), `f-${id}`, now),
      fetch: null,
      bankConsent: { id: `old-${id}`, approach: 'redirect', consentUrl: null, scaStatusLink: null },
      renewal: { id: bankId, approach: 'redirect', consentUrl: null, scaStatusLink: null, state, requestedAt: now, validUntil: new Date(now.getTime() + 90 * 86_400_000), nextPollAt: now, polls: 0 },
    });
    await consents.insert(renewing('c-yes', 'bank-yes', 'secret-yes'), []);
    await consents.insert(renewing('c-no', 'bank-no', 'secret-no'), []);
    atBank.set('bank-yes', 'valid');
    atBank.set('bank-no', 'rejected');
    await authorization.pollDue(new Date(now.getTime() + 1_000));
    expect(await consents.find('c-yes')).toMatchObject({ renewal: null, bankConsent: { id: 'bank-yes' } });
    expect(await consents.find('c-no')).toMatchObject({ renewal: null, bankConsent: { id: 'old-c-no' } });

    expect(await hit('c-yes', 'secret-yes', 'ok')).toBe('approved');
    expect(await hit('c-yes', 'secret-yes', 'ok')).toBe('approved');
    expect(await hit('c-no', 'secret-no', 'nok')).toBe('rejected');
    expect(await hit('c-no', 'secret-no', 'ok')).toBe('rejected');
    expect(await hit('c-yes', 'secret-no', 'ok')).toBe(404);
  });
});
