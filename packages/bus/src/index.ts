export { consumerGroup } from './consumer-group';
export { aggregateOfKey, createKafka, createProducer, ensureTopics, type TopicSpec } from './kafka';
export { traceHeaders, contextFromHeaders } from './trace-headers';
export { OutboxRelay, newOutboxEntry, newTombstoneEntry, appendToOutbox, type OutboxEntry, type OutboxDocument, type OutboxRelayOptions } from './outbox';
export { IdempotentConsumer, NonRetriableError, type EventHandler, type MessageMeta, type RetryPolicy, type IdempotentConsumerOptions } from './consumer';
