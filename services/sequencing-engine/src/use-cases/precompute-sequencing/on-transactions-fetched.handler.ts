import type { TypedEventHandler } from '@obp/bus';
import type { consentEvents } from '@obp/contracts';
import type { Logger } from '@obp/telemetry';
import type { GetSequencingService } from '../get-sequencing/get-sequencing.service';

type OnTransactionsFetched = TypedEventHandler<typeof consentEvents, 'transactions.fetched'>;

/**
 * `transactions.fetched`: once the projection has the fetch's data (`project`), the consent's
 * sequencing is computed and cached, so the app's first request after a fetch is answered from the
 * cache. A computation that fails only costs that request its speed: it is logged, not retried.
 */
export const onTransactionsFetched =
  (project: OnTransactionsFetched, sequencing: GetSequencingService, logger: Logger): OnTransactionsFetched =>
  async (data, event, meta) => {
    await project(data, event, meta);
    await sequencing.precompute(data.consentId).catch((error: unknown) => logger.warn({ err: error, consentId: data.consentId }, 'precomputing the sequencing failed'));
  };
