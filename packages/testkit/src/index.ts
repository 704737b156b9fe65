export { startKafka, startFerretDb, freePort, repoRoot, type KafkaProcess, type FerretProcess } from './infra';
export { waitFor, uniqueName, uniqueDbName } from './wait';
export { testEnv } from './env';
export { Cleanup } from './cleanup';
export { QueryRecorder, explainFilter, filterShape, targetsShardKey, type RecordedQuery, type QueryPlan } from './query-plans';
export { recordedMetrics } from './metrics';
export { serviceNodeArguments, type ServiceRuntime } from '@obp/devstack';
export { importGraph, circles, pathRound, checkCircles, type ImportGraph, type KnownCircle } from './import-circles';
export { topicUses, renderTopicMap, withTopicMap, eventCatalogues, TOPIC_MAP_START, TOPIC_MAP_END, type TopicUse } from './topic-map';
