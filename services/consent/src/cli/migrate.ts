import { runMigrationCommand } from '@obp/service-kit';
import { consentService } from '../consent-service';
import { loadConsentConfig } from '../config';

// Migrates the service's database before the service starts (`npm run migrate`, the pod's init container).
void runMigrationCommand(consentService(), () => loadConsentConfig());
