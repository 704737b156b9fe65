export { startShareService, shareService, SERVICE_NAME, type ShareServiceHandle } from './share-service';
export { loadShareConfig, type ShareConfig } from './config';
// The store as the service writes it, for what fills it without the API (the benchmarks' seeding, bench/scale/app-shares.ts).
export { ShareLists, SHARE_LISTS_COLLECTION, type ListDocument } from './infrastructure/share-lists';
export { shareStoreOptions } from './infrastructure/share-store';
export { blockOf, LIST_BLOCK_SIZE, writtenExpired } from './domain/share-list';
export type { Share } from './domain/share';
