export { ShareGrants, type ShareGrantsOptions, type GrantTarget } from './share-grants';
export { canRead, type ReadableResource } from './access';
