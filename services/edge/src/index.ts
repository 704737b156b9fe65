export { startEdgeService, edgeService, SERVICE_NAME, type EdgeServiceHandle } from './edge-service';
export { loadEdgeConfig, type EdgeConfig } from './config';
