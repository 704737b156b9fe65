import { runMigrationCommand } from '@obp/service-kit';
import { edgeService } from '../edge-service';
import { loadEdgeConfig } from '../config';

// Migrates the service's database before the service starts (`npm run migrate`, the pod's init container).
void runMigrationCommand(edgeService, () => loadEdgeConfig());
