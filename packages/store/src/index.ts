export { AggregateStore, ConcurrencyConflict, type AggregateDocument, type AggregateStoreOptions, type Change, type IndexSpec, type MutateOutcome, type OutboxSource, type PendingEvents, type StateFilter, type Versioned } from './aggregate-store';
export { OutboxBacklog, type OutboxBacklogOptions } from './outbox-backlog';
export { OutboxRelay, type OutboxRelayOptions } from './outbox-relay';
export { StateCache, type StateCacheOptions } from './state-cache';
export { BucketStore, compressedJson, gzipJson, type Bucket, type BucketCodec, type BucketDocument, type BucketChange, type BucketFields, type BucketStoreOptions } from './bucket-store';
export { fromColumns, readRows, toColumns, type RowColumns } from './row-columns';
export { MonthBuckets, type MonthBucketsOptions, type MonthOf, type MonthsRead } from './month-buckets';
