/**
 * A share service instance's list-keeping writes in a process of its own, for share-lists.test.ts to kill:
 * prints `ready` once connected, then creates, changes and deletes shares of one owner, 16 at a time, until killed.
 * Usage: share-lists-writer.fixture.ts <uri> <database> <owner> <now as ISO>
 */
import { randomUUID } from 'node:crypto';
import { EventWriter } from '@obp/bus';
import { ConsentData } from '@obp/consent-data';
import { shareEvents } from '@obp/contracts';
import { connectDatabase, database } from '@obp/db';
import { AggregateStore } from '@obp/store';
import type { Share } from './domain/share';
import { ShareLists } from './infrastructure/share-lists';
import { ShareEvents, shareStoreOptions } from './infrastructure/share-store';
import { CreateShareService } from './use-cases/create-share/create-share.service';
import { DeleteShareService } from './use-cases/delete-share/delete-share.service';
import { UpdateShareService } from './use-cases/update-share/update-share.service';

async function main(): Promise<void> {
  const [uri, dbName, owner, nowIso] = process.argv.slice(2) as [string, string, string, string];
  const now = new Date(nowIso);
  const connection = await connectDatabase(uri, dbName);
  const shares = new AggregateStore<Share>(database(connection), shareStoreOptions);
  const lists = new ShareLists(database(connection), shares);
  const events = new ShareEvents(new EventWriter(shareEvents, 'share-events'));
  const create = new CreateShareService(shares, events, new ConsentData(connection, { historyStart: (at) => at }), lists);
  const update = new UpdateShareService(shares, events, lists);
  const remove = new DeleteShareService(shares, events, lists);
  process.stdout.write('ready\n');
  const made: string[] = [];
  const at = (i: number) => new Date(now.getTime() + ((i % 11) * 13 - 60) * 60_000);
  const worker = async (w: number) => {
    for (let i = w; ; i += 16) {
      if (i % 5 === 3 && made.length > 0) await remove.execute({ ownerClientId: owner, shareId: made.splice(i % made.length, 1)[0]! });
      else if (i % 5 === 4 && made.length > 0) await update.execute({ ownerClientId: owner, shareId: made[i % made.length]!, expirationDateUtc: at(i * 7) }, now);
      else {
        const id = randomUUID();
        await create.execute(id, owner, { clientId: 'partner', reference: null, expirationDateUtc: at(i), consentIds: null, accountIds: null, analysisIds: null }, now);
        made.push(id);
      }
    }
  };
  await Promise.all(Array.from({ length: 16 }, (_, w) => worker(w)));
}

main().catch((error: unknown) => {
  process.stderr.write(`${String(error)}\n`);
  process.exit(1);
});
