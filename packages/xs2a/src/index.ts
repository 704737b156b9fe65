/**
 * @obp/xs2a: the Berlin Group NextGenPSD2 (XS2A) interface: its official OpenAPI document (unchanged, in
 * `openapi/`), a validator of requests and responses against it, and a TPP's client of a bank's interface. The bank
 * simulator (the ASPSP side, over mutual TLS) is `@obp/xs2a/src/simulator`: a test and development tool, kept out of
 * what the services load.
 */
export { XS2A_DOCUMENT_FILE, xs2aDocument } from './document/document';
export { Xs2aValidator, formatIssues, xs2aValidator, type Xs2aOperation, type Xs2aRequest, type Xs2aResponse, type Xs2aValidationIssue } from './document/xs2a-validator';
export { Xs2aClient, type CreateConsentRequest, type CreatedBankConsent, type Xs2aAccess, type Xs2aAccount, type Xs2aAccountReference, type Xs2aBalance, type Xs2aBankSettings, type Xs2aQuirks, type Xs2aTransaction } from './client/xs2a-client';
export { Xs2aBankError, Xs2aInvalidAnswer, Xs2aUnreachable } from './client/xs2a-errors';
export { signatureHeaders, signingStringOf, type SigningCredentials } from './client/message-signing';
export { platformAccountFields, platformBalances, platformTransactionFields, remittanceOf, withExternalIds, type Xs2aPlatformTransaction } from './client/platform-transaction';
