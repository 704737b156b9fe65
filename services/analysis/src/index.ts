export { startAnalysisService, analysisService, SERVICE_NAME, type AnalysisServiceHandle } from './analysis-service';
export { loadAnalysisConfig, type AnalysisConfig } from './config';
