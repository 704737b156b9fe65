import { ProviderError } from '../../providers/bank-provider';

export interface FetchFailure {
  code: string;
  message: string;
}

/**
 * What an app is told of a failed fetch (`errors[]` of its consent). A bank's own failure is told as the
 * provider put it; anything of ours (the store or the broker down, a bug) is told as ours, without its
 * text: that names internal addresses and hosts (`connect ECONNREFUSED 127.0.0.1:…`). The operators see
 * the real error in the log.
 */
export function fetchFailureFor(error: Error): FetchFailure {
  if (error instanceof ProviderError) return { code: error.code, message: error.message };
  if (error.name === 'TimeoutError') return { code: 'PROVIDER_TIMEOUT', message: 'The bank did not answer in time. The fetch is retried automatically.' };
  return { code: 'FETCH_FAILED', message: 'The fetch failed on our side. It is retried automatically.' };
}
