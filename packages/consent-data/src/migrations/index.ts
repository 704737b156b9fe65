import type { Migration } from '@obp/db';
import { externalUsersWithinApp } from './0001-external-users-within-app';
import { historyByMonth } from './0002-history-by-month';

/**
 * The migrations of a database that holds a `ConsentData` projection, in order: a service keeping one
 * lists them first among its own (which are numbered after them).
 */
export const consentDataMigrations: readonly Migration[] = [externalUsersWithinApp, historyByMonth];
