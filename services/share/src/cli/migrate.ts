import { runMigrationCommand } from '@obp/service-kit';
import { shareService } from '../share-service';
import { loadShareConfig } from '../config';

// Migrates the service's database before the service starts (`npm run migrate`, the pod's init container).
void runMigrationCommand(shareService, () => loadShareConfig());
