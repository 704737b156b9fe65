export { ConsentData, type ConsentDataOptions, type ProjectedAccount, type ProjectedConsent } from './consent-data';
export { ConsentResultCache } from './consent-result-cache';
export type { CachedResult, ResultSlotRecord } from './collections';
export { fieldsNamingHidden, idsHiddenFrom, ownershipHandlers, type GrantCheck, type GrantsToAwait, type HiddenIds, type NamedIds } from './ownership';
export { consentDataMigrations } from './migrations';
