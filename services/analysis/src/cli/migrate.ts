import { runMigrationCommand } from '@obp/service-kit';
import { analysisService } from '../analysis-service';
import { loadAnalysisConfig } from '../config';

// Migrates the service's database before the service starts (`npm run migrate`, the pod's init container).
void runMigrationCommand(analysisService(), () => loadAnalysisConfig());
