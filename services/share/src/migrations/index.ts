import { consentDataMigrations } from '@obp/consent-data';
import type { Migration } from '@obp/db';

/** The share database's migrations, in order (run by `npm run migrate`, before the service starts): its consent data projection's. */
export const shareMigrations: readonly Migration[] = consentDataMigrations;
