/**
 * @obp/xs2a: the Berlin Group NextGenPSD2 (XS2A) interface: its official OpenAPI document (unchanged, in
 * `openapi/`), a validator of requests and responses against it, and a bank simulator (the ASPSP side) serving the
 * sandbox bank's households over mutual TLS.
 */
export { XS2A_DOCUMENT_FILE, xs2aDocument } from './document/document';
export { Xs2aValidator, formatIssues, xs2aValidator, type Xs2aOperation, type Xs2aRequest, type Xs2aResponse, type Xs2aValidationIssue } from './document/xs2a-validator';
export { createTestPki, createCertificateAuthority, issueCertificate, type KeyAndCertificate, type TestPki, type TestPkiOptions } from './simulator/certificates';
export { XS2A_ERROR_STATUS, Xs2aError, type TppMessage, type Xs2aErrorCode } from './simulator/errors';
export { SimulatedBank, type AccountAccess, type ConsentStatus, type ScaApproach, type ScaStatus, type SimulatedBankOptions, type SimulatedConsent } from './simulator/simulated-bank';
export { createXs2aApiApp, type Xs2aApiAppOptions } from './simulator/api-app';
export { createScaApp } from './simulator/sca-app';
export { startXs2aSimulator, type RunningXs2aSimulator, type StartXs2aSimulatorOptions } from './simulator/start-simulator';
export { Xs2aClient, type CreateConsentRequest, type CreatedBankConsent, type Xs2aAccess, type Xs2aAccount, type Xs2aAccountReference, type Xs2aBankSettings, type Xs2aQuirks, type Xs2aTransaction } from './client/xs2a-client';
export { Xs2aBankError, Xs2aInvalidAnswer, Xs2aUnreachable } from './client/xs2a-errors';
export { signatureHeaders, signingStringOf, type SigningCredentials } from './client/message-signing';
export { platformAccountFields, platformTransactionFields, remittanceOf, withExternalIds, type Xs2aPlatformTransaction } from './client/platform-transaction';
