export { createKafka, createProducer, ensureTopics } from './kafka';
export { traceHeaders, contextFromHeaders } from './trace-headers';
export { OutboxRelay, newOutboxEntry, appendToOutbox, type OutboxEntry, type OutboxDocument, type OutboxRelayOptions } from './outbox';
export { IdempotentConsumer, NonRetriableError, type EventHandler, type MessageMeta, type RetryPolicy, type IdempotentConsumerOptions } from './consumer';
