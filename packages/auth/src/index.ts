export { createTokenVerifier, jwksKeyResolver, TokenRejected, type AccessTokenClaims, type KeyResolver, type TokenVerifier } from './verifier';
export { requireScope, callerClientId } from './middleware';

/** The audience every access token of this platform is issued for. */
export const API_AUDIENCE = 'open-banking-api';
