import { consentDataMigrations } from '@obp/consent-data';
import type { Migration } from '@obp/db';
import { shareListPositions } from './0003-share-list-positions';

/** The share database's migrations, in order (run by `npm run migrate`, before the service starts): its consent data projection's, then its own. */
export const shareMigrations: readonly Migration[] = [...consentDataMigrations, shareListPositions];
