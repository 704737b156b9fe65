import { consentDataMigrations } from '@obp/consent-data';
import type { Migration } from '@obp/db';
import { jobErasureIds } from './0003-job-erasure-ids';

/** The analysis database's migrations, in order (run by `npm run migrate`, before the service starts). */
export const analysisMigrations: readonly Migration[] = [...consentDataMigrations, jobErasureIds];
