export { consumerGroup } from './consumer-group';
export { aggregateOfKey, createKafka, createProducer, ensureTopics, type TopicSpec } from './kafka';
export { traceHeaders, contextFromHeaders } from './trace-headers';
export { newOutboxEntry, newTombstoneEntry, type OutboxEntry } from './outbox-entry';
export { EventWriter } from './event-writer';
export { publishEntries } from './publisher';
export { IdempotentConsumer, NonRetriableError, TransientError, type EventHandler, type MessageMeta, type RetryPolicy, type IdempotentConsumerOptions } from './consumer';
export { dispatchByType, type EventHandlers, type TypedEventHandler } from './subscription';
export { KeyBroadcast, type KeyBroadcastOptions } from './key-broadcast';
