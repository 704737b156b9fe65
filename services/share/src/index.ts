export { startShareService, shareService, SERVICE_NAME, type ShareServiceHandle } from './share-service';
export { loadShareConfig, type ShareConfig } from './config';
