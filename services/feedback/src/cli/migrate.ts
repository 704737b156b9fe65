import { runMigrationCommand } from '@obp/service-kit';
import { feedbackService } from '../feedback-service';
import { loadFeedbackConfig } from '../config';

// Migrates the service's database before the service starts (`npm run migrate`, the pod's init container).
void runMigrationCommand(feedbackService, () => loadFeedbackConfig());
