/**
 * Bank CSV parse speed: one busy account's 20,000 transactions (sandbox households merged onto one account),
 * rendered as ING's and Rabobank's CSV export, read through the entry point parseStatement (bytes: decoding,
 * detection, the strict reader, running balances) and mapped to canonical transactions. The baseline beside it is
 * the least any CSV reader does: decode the bytes, split them into lines and each line at its separator. Prints
 * rows/s (median of the runs) and the ratio.
 * Run: npx tsx bench/csv-parse.bench.ts
 */
import { renderCsv, type CsvBank } from '@obp/sandbox-bank';
import { busyAccount, median } from './statements/busy-account';
import { canonicalTransaction, parseStatement } from '@obp/statements';

const TARGET = 20_000;
const RUNS = 9;
const BANKS: CsvBank[] = ['ing', 'rabobank'];

function time(run: () => void): number {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = process.hrtime.bigint();
    run();
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return median(times);
}

const data = busyAccount('csv-bench', TARGET);
const rate = (ms: number): string => `${Math.round(TARGET / (ms / 1000)).toLocaleString('en-US')} rows/s`;
console.log(`Bank CSV parse: ${data.transactions.length} transactions on one account, ${RUNS} runs each, median`);
for (const bank of BANKS) {
  const bytes = Buffer.from(renderCsv(data, { bank }), bank === 'rabobank' ? 'latin1' : 'utf8');
  const check = parseStatement(bytes, { contentType: 'text/csv' });
  if (!check.ok || check.file.statements.reduce((n, s) => n + s.transactions.length, 0) !== TARGET) throw new Error(`the ${bank} file does not parse: ${JSON.stringify(check.ok ? 'count' : check.problems.slice(0, 3))}`);
  const separator = bank === 'ing' ? ';' : ',';
  const baseline = time(() => {
    let fields = 0;
    for (const line of bytes.toString(bank === 'rabobank' ? 'latin1' : 'utf8').split('\n')) fields += line.split(separator).length;
    if (fields === 0) throw new Error('no fields');
  });
  const parse = time(() => void parseStatement(bytes, { contentType: 'text/csv' }));
  const parseAndMap = time(() => {
    const result = parseStatement(bytes, { contentType: 'text/csv' });
    if (result.ok) for (const s of result.file.statements) for (const t of s.transactions) canonicalTransaction(t);
  });
  console.log(
    `${bank.padEnd(9)} ${(bytes.length / 1e6).toFixed(1)} MB  parse ${parse.toFixed(1)} ms (${rate(parse)})  parse+canonical ${parseAndMap.toFixed(1)} ms (${rate(parseAndMap)})` +
      `  baseline decode+split ${baseline.toFixed(1)} ms (${rate(baseline)})  ratio parse/baseline ${(parse / baseline).toFixed(1)}x`,
  );
}
