/** What the statement parser benchmarks share: one busy account, and the median of a run's timings. */
import { generateSandboxData, type SandboxDataset } from '@obp/sandbox-bank';

/** `count` transactions on one account: sandbox households (business and retail in turn) merged onto the first one's account. */
export function busyAccount(seedPrefix: string, count: number): SandboxDataset {
  const asOf = new Date('2026-06-30T00:00:00.000Z');
  const first = generateSandboxData({ seed: `${seedPrefix}-0`, profile: 'business', asOf });
  const account = first.accounts[0]!;
  const transactions = [];
  for (let i = 0; transactions.length < count; i++) {
    const data = i === 0 ? first : generateSandboxData({ seed: `${seedPrefix}-${i}`, profile: i % 2 === 0 ? 'business' : 'retail', asOf });
    transactions.push(...data.transactions.map((t) => ({ ...t, accountExternalId: account.externalId })));
  }
  return { accounts: [account], transactions: transactions.slice(0, count) };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}
