export { startSequencingEngine, sequencingEngine, SERVICE_NAME, type SequencingEngineHandle } from './sequencing-engine-service';
export { historyStart } from './domain/history-window';
export { loadSequencingEngineConfig, type SequencingEngineConfig } from './config';
