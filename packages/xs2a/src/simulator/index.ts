/** The simulated bank (the ASPSP side of XS2A, over mutual TLS): for tests and the local stack, never loaded by a service. */
export { createTestPki, createCertificateAuthority, issueCertificate, type KeyAndCertificate, type TestPki, type TestPkiOptions } from './certificates';
export { XS2A_ERROR_STATUS, Xs2aError, type TppMessage, type Xs2aErrorCode } from './errors';
export { SimulatedBank, type AccountAccess, type ConsentStatus, type ScaApproach, type ScaStatus, type SimulatedBankOptions, type SimulatedConsent } from './simulated-bank';
export { createXs2aApiApp, type Xs2aApiAppOptions } from './api-app';
export { createScaApp } from './sca-app';
export { startXs2aSimulator, type RunningXs2aSimulator, type StartXs2aSimulatorOptions } from './start-simulator';
