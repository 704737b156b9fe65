import { consentDataMigrations } from '@obp/consent-data';
import type { Migration } from '@obp/db';

/** The feedback database's migrations, in order (run by `npm run migrate`, before the service starts): its consent data projection's. */
export const feedbackMigrations: readonly Migration[] = consentDataMigrations;
