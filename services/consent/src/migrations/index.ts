import type { Migration } from '@obp/db';
import { transactionsIntoMonthBuckets } from './0001-transactions-into-month-buckets';

/** The consent service's migrations of its own database, in order. */
export const consentServiceMigrations: readonly Migration[] = [transactionsIntoMonthBuckets];
