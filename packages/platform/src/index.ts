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
