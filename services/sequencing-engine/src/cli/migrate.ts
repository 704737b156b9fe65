import { runMigrationCommand } from '@obp/service-kit';
import { sequencingEngine } from '../sequencing-engine-service';
import { loadSequencingEngineConfig } from '../config';

// Migrates the service's database before the service starts (`npm run migrate`, the pod's init container).
void runMigrationCommand(sequencingEngine, () => loadSequencingEngineConfig());
