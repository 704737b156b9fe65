export * from './envelope';
export * from './topics';
export * from './shares';
export * from './consents';
export * from './problem';
export * from './scopes';
export { openApiDocument } from './openapi';
