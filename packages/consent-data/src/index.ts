export { ConsentData, type ConsentDataOptions, type ProjectedAccount, type ProjectedConsent } from './consent-data';
export { ConsentResultCache } from './consent-result-cache';
export type { CachedResult, ResultSlotRecord } from './collections';
export { idsHiddenFrom, ownershipHandlers, type GrantCheck, type GrantsToAwait, type NamedIds } from './ownership';
