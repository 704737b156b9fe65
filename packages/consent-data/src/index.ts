export { ConsentData, type ConsentDataOptions, type ProjectedConsent } from './consent-data';
