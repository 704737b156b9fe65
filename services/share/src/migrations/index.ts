import { consentDataMigrations } from '@obp/consent-data';
import type { Migration } from '@obp/db';
import { shareListsBuiltWhenFresh } from './0003-share-lists-built-when-fresh';

/** The share database's migrations, in order (run by `npm run migrate`, before the service starts): its consent data projection's, then the share lists'. */
export const shareMigrations: readonly Migration[] = [...consentDataMigrations, shareListsBuiltWhenFresh];
