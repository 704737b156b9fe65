import type { AggregateStore, AggregateStoreOptions } from '@obp/store';
import type { WebhookEndpoint } from '../domain/webhook-endpoint';

export type EndpointStore = AggregateStore<WebhookEndpoint>;

/** An app's endpoints are read by owner: its list, and the fan-out of each of its events. */
export const endpointStoreOptions: AggregateStoreOptions<WebhookEndpoint> = {
  collection: 'webhook_endpoints',
  indexes: [{ key: { ownerClientId: 1, createdAt: 1, _id: 1 } }],
};
