import type { Migration } from '@obp/db';
import { messageErasureIds } from './0001-message-erasure-ids';

/** The webhooks database's migrations, in order (run by `npm run migrate`, before the service starts). */
export const webhooksMigrations: readonly Migration[] = [messageErasureIds];
