export { migrationCommands, serviceNodeArguments, type ServiceRuntime } from './service-command';
