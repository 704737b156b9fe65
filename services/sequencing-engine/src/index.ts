export { startSequencingEngine, sequencingEngine, SERVICE_NAME, type SequencingEngineHandle } from './sequencing-engine-service';
export { loadSequencingEngineConfig, type SequencingEngineConfig } from './config';
