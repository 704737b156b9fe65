export { migrationNodeArguments, serviceNodeArguments, type ServiceRuntime } from './service-command';
