import { runMigrationCommand } from '@obp/service-kit';
import { webhooksService } from '../webhooks-service';
import { loadWebhooksConfig } from '../config';

// Migrates the service's database before the service starts (`npm run migrate`, the pod's init container).
void runMigrationCommand(webhooksService, () => loadWebhooksConfig());
