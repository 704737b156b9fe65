export {
  createTokenVerifier,
  DIRECT_PROVIDER_FLOW_CLAIM,
  REDIRECT_URLS_CLAIM,
  jwksKeyResolver,
  TokenRejected,
  type AccessTokenClaims,
  type KeyResolver,
  type TokenRejectionCode,
  type TokenVerifier,
} from './verifier';
export { requireScope, callerClientId, callerClaims } from './middleware';

/** The audience every access token of this platform is issued for. */
export const API_AUDIENCE = 'open-banking-api';
