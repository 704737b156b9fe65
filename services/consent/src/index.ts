export { startConsentService, consentService, SERVICE_NAME, type ConsentServiceHandle } from './consent-service';
export { loadConsentConfig, type ConsentConfig } from './config';
