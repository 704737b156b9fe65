import { ProviderError } from '../../providers/bank-provider';
import { fetchFailureFor } from './fetch-failure';

describe('fetchFailureFor', () => {
  it("tells a bank's failure as the provider put it", () => {
    expect(fetchFailureFor(new ProviderError('PROVIDER_UNAVAILABLE', 'The sandbox bank is unavailable.'))).toEqual({ code: 'PROVIDER_UNAVAILABLE', message: 'The sandbox bank is unavailable.' });
  });

  it('tells a timeout as the bank not answering', () => {
    expect(fetchFailureFor(Object.assign(new Error('The operation was aborted due to timeout'), { name: 'TimeoutError' }))).toEqual({ code: 'PROVIDER_TIMEOUT', message: 'The bank did not answer in time. The fetch is retried automatically.' });
  });

  it.each([
    ['the store down', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:18090'), { name: 'MongoNetworkError' })],
    ['the broker down', new Error('Connection error: connect ECONNREFUSED 10.0.4.17:9092')],
    ['a host that does not resolve', new Error('getaddrinfo ENOTFOUND ferretdb.internal.svc.cluster.local')],
  ])('tells %s as a failure of ours, naming no address or host', (_, error) => {
    const failure = fetchFailureFor(error);
    expect(failure).toEqual({ code: 'FETCH_FAILED', message: 'The fetch failed on our side. It is retried automatically.' });
    expect(failure.message).not.toMatch(/\d+\.\d+\.\d+\.\d+|ECONN|ENOTFOUND|internal/);
  });
});
