/**
 * @obp/xs2a: the Berlin Group NextGenPSD2 (XS2A) interface: its official OpenAPI document (unchanged, in
 * `openapi/`), a validator of requests and responses against it, and a bank simulator (the ASPSP side) serving the
 * sandbox bank's households over mutual TLS.
 */
export { XS2A_DOCUMENT_FILE, xs2aDocument } from './document/document';
export { Xs2aValidator, formatIssues, xs2aValidator, type Xs2aOperation, type Xs2aRequest, type Xs2aResponse, type Xs2aValidationIssue } from './document/xs2a-validator';
