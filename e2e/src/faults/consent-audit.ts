// What the fault tests check of consents after the faults: each Updated with its sandbox transactions, and the
// sequencing engine's projection holding the same.
import { setTimeout as sleep } from 'node:timers/promises';
import { ConsentData } from '@obp/consent-data';
import type { TransactionDto } from '@obp/contracts';
import { connectDatabase } from '@obp/db';
import { generateSandboxData } from '@obp/sandbox-bank';
import { historyStart } from '@obp/sequencing-engine';
import type { RetryingClient } from './retrying-client';

/** A consent a test made and approved on a sandbox bank, and whether it was refreshed since. */
export interface ConsentRecord {
  app: number;
  id: string;
  externalUserId: string;
  refreshed: boolean;
}

/**
 * Every consent `Updated` with exactly its sandbox transactions through the API (`consentMismatches`), and the
 * sequencing engine's projection (database `sequencingDb` on `storeUri`) holding the same ones within the history
 * window (`projectionMismatches`). The engine may still be applying what the consent service published last: each
 * consent is waited for, up to two minutes for all; every one found wrong is printed.
 */
export async function consentsNotAsFetched(
  apps: ReadonlyArray<{ api: RetryingClient }>,
  consents: readonly ConsentRecord[],
  storeUri: string,
  sequencingDb: string,
): Promise<{ consentMismatches: number; projectionMismatches: number }> {
  const connection = await connectDatabase(storeUri, sequencingDb);
  const projection = new ConsentData(connection, { historyStart });
  let consentMismatches = 0;
  let projectionMismatches = 0;
  const projectedBy = Date.now() + 120_000;
  try {
    for (const record of consents) {
      const { api } = apps[record.app]!;
      const status = (JSON.parse((await api.call('GET', `/consents/${record.id}`, { done: (s) => s === 200 })).text) as { data: { status: string } }).data;
      const accounts = (JSON.parse((await api.call('GET', `/consents/${record.id}/accounts`, { done: (s) => s === 200 })).text) as { data: Array<{ id: string }> }).data;
      const transactions: TransactionDto[] = [];
      for (const account of accounts) {
        for (let page = 1; ; page++) {
          const body = JSON.parse((await api.call('GET', `/accounts/${account.id}/transactions?page=${page}&pageSize=500`, { done: (s) => s === 200 })).text) as {
            data: TransactionDto[];
            _pagination: { totalPages: number };
          };
          transactions.push(...body.data);
          if (page >= body._pagination.totalPages) break;
        }
      }
      const expected = generateSandboxData({ seed: `sandbox-retail:${record.externalUserId}`, profile: 'retail', asOf: new Date() }).transactions.length;
      if (status.status !== 'Updated' || transactions.length !== expected || new Set(transactions.map((t) => t.id)).size !== expected) {
        consentMismatches++;
        console.log(`consent ${record.id}: ${status.status}, ${transactions.length} transactions (${new Set(transactions.map((t) => t.id)).size} distinct), the sandbox has ${expected}`);
      }
      const now = new Date();
      const windowStart = historyStart(now).getTime();
      const inWindow = transactions.filter((t) => Date.parse(t.bookingDate) >= windowStart).map((t) => `${t.id}:${t.amount}`).sort();
      const projected = async () => (await projection.history([record.id], now)).map((t) => `${t.id}:${t.amount}`).sort();
      let seen = await projected();
      while (seen.join() !== inWindow.join() && Date.now() < projectedBy) {
        await sleep(500);
        seen = await projected();
      }
      if (seen.join() !== inWindow.join()) {
        projectionMismatches++;
        const missing = inWindow.filter((t) => !seen.includes(t));
        const extra = seen.filter((t) => !inWindow.includes(t));
        console.log(`sequencing projection of consent ${record.id} (${record.refreshed ? 'refreshed' : 'not refreshed'}): ${seen.length} transactions, the consent service ${inWindow.length}; missing ${missing.length} (${missing.slice(0, 3).join(', ')}), extra ${extra.length} (${extra.slice(0, 3).join(', ')})`);
      }
    }
  } finally {
    await connection.close();
  }
  return { consentMismatches, projectionMismatches };
}
