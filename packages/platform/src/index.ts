export {
  gateway,
  platformService,
  platformServices,
  serviceNames,
  upstreamServices,
  type DatabaseEnv,
  type EdgeUrlEnv,
  type PlatformService,
  type ServiceComponent,
  type ServiceName,
  type ServiceResources,
  type UpstreamService,
} from './manifest';
export { collectionSharding, renderShardingTable, scatterName, shardingOf, withShardingTable, SHARDING_TABLE_END, SHARDING_TABLE_START, type CollectionSharding } from './sharding';
