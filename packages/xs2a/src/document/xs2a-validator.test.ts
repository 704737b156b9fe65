import { xs2aValidator } from './xs2a-validator';

const requestId = '99391c7e-ad88-49ec-a2ad-99ddcb1f7721';

function consentBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    access: { accounts: [], balances: [], transactions: [] },
    recurringIndicator: true,
    validUntil: '2027-03-01',
    frequencyPerDay: 4,
    combinedServiceIndicator: false,
    ...overrides,
  };
}

function createConsent(body: unknown, headers: Record<string, string> = {}) {
  return xs2aValidator().validateRequest({
    method: 'POST',
    path: '/v1/consents',
    headers: { 'X-Request-ID': requestId, 'PSU-IP-Address': '192.168.8.78', 'Content-Type': 'application/json', ...headers },
    body,
  });
}

describe('Xs2aValidator against the Berlin Group document', () => {
  it('finds the consent operations and prefers literal paths over templated ones', () => {
    expect(xs2aValidator().findOperation('POST', '/v1/consents')).toMatchObject({ operationId: 'createConsent', template: '/v1/consents' });
    expect(xs2aValidator().findOperation('GET', '/v1/consents/c-1/status')).toMatchObject({ operationId: 'getConsentStatus', pathParams: { consentId: 'c-1' } });
    expect(xs2aValidator().findOperation('GET', '/v1/nothing-here/x/y/z')).toBeUndefined();
  });

  it('accepts a valid consent request', () => {
    expect(createConsent(consentBody())).toEqual([]);
    expect(createConsent(consentBody({ access: { allPsd2: 'allAccounts' } }), { 'TPP-Redirect-Preferred': 'true', 'TPP-Redirect-URI': 'https://tpp.example/cb' })).toEqual([]);
  });

  it('names a missing access', () => {
    const body = consentBody();
    delete body.access;
    expect(createConsent(body)).toEqual([{ at: 'body/access', message: 'is required' }]);
  });

  it('names a validUntil that is not a date', () => {
    const issues = createConsent(consentBody({ validUntil: '01-03-2027' }));
    expect(issues.map((i) => i.at)).toEqual(['body/validUntil']);
    expect(issues[0]!.message).toContain('date');
  });

  it('names a missing or malformed X-Request-ID and a header of the wrong type', () => {
    const missing = xs2aValidator().validateRequest({ method: 'POST', path: '/v1/consents', headers: { 'PSU-IP-Address': '192.168.8.78' }, body: consentBody() });
    expect(missing).toEqual([{ at: 'header X-Request-ID', message: 'is required' }]);
    expect(createConsent(consentBody(), { 'X-Request-ID': 'not-a-uuid' }).map((i) => i.at)).toEqual(['header X-Request-ID']);
    expect(createConsent(consentBody(), { 'TPP-Redirect-Preferred': 'maybe' }).map((i) => i.at)).toEqual(['header TPP-Redirect-Preferred']);
  });

  it('checks query parameters', () => {
    const read = (query: Record<string, string>) =>
      xs2aValidator().validateRequest({ method: 'GET', path: '/v1/accounts/a-1/transactions', query, headers: { 'X-Request-ID': requestId, 'Consent-ID': 'c-1' } });
    expect(read({ bookingStatus: 'booked', dateFrom: '2026-01-01' })).toEqual([]);
    expect(read({ dateFrom: '2026-01-01' })).toEqual([{ at: 'query bookingStatus', message: 'is required' }]);
    expect(read({ bookingStatus: 'booked', dateFrom: 'yesterday' }).map((i) => i.at)).toEqual(['query dateFrom']);
  });

  it('fails a consent response without consentId, and one without X-Request-ID', () => {
    const request = { method: 'POST', path: '/v1/consents' };
    const body = { consentStatus: 'received', consentId: 'c-1', _links: { scaRedirect: { href: 'https://bank.example/sca/c-1' } } };
    const headers = { 'x-request-id': requestId, 'content-type': 'application/json; charset=utf-8' };
    expect(xs2aValidator().validateResponse(request, { status: 201, headers, body })).toEqual([]);
    const { consentId: _dropped, ...withoutId } = body;
    expect(xs2aValidator().validateResponse(request, { status: 201, headers, body: withoutId })).toEqual([{ at: 'body/consentId', message: 'is required' }]);
    expect(xs2aValidator().validateResponse(request, { status: 201, headers: { 'content-type': 'application/json' }, body })).toEqual([
      { at: 'header X-Request-ID', message: 'is required' },
    ]);
  });

  it('checks an error body against the status and media type it is sent with', () => {
    const request = { method: 'GET', path: '/v1/accounts' };
    const headers = { 'x-request-id': requestId, 'content-type': 'application/json' };
    const error = { tppMessages: [{ category: 'ERROR', code: 'CONSENT_INVALID', text: 'not authorised' }] };
    expect(xs2aValidator().validateResponse(request, { status: 401, headers, body: error })).toEqual([]);
    expect(xs2aValidator().validateResponse(request, { status: 401, headers, body: { tppMessages: [{ category: 'FATAL', code: 'CONSENT_INVALID' }] } }).map((i) => i.at)).toEqual([
      'body/tppMessages/0/category',
    ]);
    expect(xs2aValidator().validateResponse(request, { status: 418, headers, body: error })).toEqual([{ at: 'status', message: '418 is not a response of getAccountList' }]);
    expect(xs2aValidator().validateResponse(request, { status: 401, headers: { ...headers, 'content-type': 'text/html' }, body: error }).map((i) => i.at)).toEqual([
      'content-type',
    ]);
  });

  it('checks a transaction report down to each transaction', () => {
    const request = { method: 'GET', path: '/v1/accounts/a-1/transactions' };
    const headers = { 'x-request-id': requestId, 'content-type': 'application/json' };
    const transaction = {
      transactionId: 't-1',
      bookingDate: '2026-01-02',
      transactionAmount: { currency: 'EUR', amount: '-12.30' },
      creditorName: 'Albert Heijn 1234',
      remittanceInformationUnstructuredArray: ['first line', 'second line'],
      purposeCode: 'GDSV',
      bankTransactionCode: 'PMNT-CCRD-POSD',
    };
    const report = (t: Record<string, unknown>) => ({ account: { iban: 'NL15INGB2188833171' }, transactions: { booked: [t], _links: { account: { href: '/v1/accounts/a-1' } } } });
    expect(xs2aValidator().validateResponse(request, { status: 200, headers, body: report(transaction) })).toEqual([]);
    const issues = (t: Record<string, unknown>) => xs2aValidator().validateResponse(request, { status: 200, headers, body: report(t) }).map((i) => i.at);
    expect(issues({ ...transaction, transactionAmount: { currency: 'EUR', amount: -12.3 } })).toEqual(['body/transactions/booked/0/transactionAmount/amount']);
    expect(issues({ ...transaction, purposeCode: 'NOPE' })).toEqual(['body/transactions/booked/0/purposeCode']);
    expect(issues({ ...transaction, remittanceInformationUnstructured: 'x'.repeat(141) })).toEqual(['body/transactions/booked/0/remittanceInformationUnstructured']);
  });
});
