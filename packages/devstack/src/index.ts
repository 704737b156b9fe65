export { migrationCommands, serviceNodeArguments, type ServiceRuntime } from './service-command';
export { stackPlan, stackPlanLines, type PlannedService } from './stack-plan';
export { ALERTS_MARKS, availabilityAlerts, COMPOSE_MARKS, composeServices, platformFiles, withGenerated } from './platform-files';
