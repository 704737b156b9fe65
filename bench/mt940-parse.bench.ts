/**
 * MT940 parse speed: one busy account's 20,000 transactions (sandbox households merged onto one account, 14
 * months, one statement per month), rendered in each bank's style, parsed by @obp/statements' parseMt940, and
 * mapped to canonical transactions. The baseline beside it is the least any MT940 reader does: split the text
 * into lines and match each against the tag pattern. Prints entries/s (median of the runs) and the ratio.
 * Run: npx tsx bench/mt940-parse.bench.ts
 */
import { renderMt940, type Mt940Style } from '@obp/sandbox-bank';
import { busyAccount, median } from './statements/busy-account';
import { canonicalTransaction } from '@obp/statements';
import { parseMt940 } from '../packages/statements/src/mt940/parse-mt940';

const TARGET = 20_000;
const RUNS = 9;
const STYLES: Mt940Style[] = ['ing', 'abnamro', 'rabobank'];

function time(run: () => void): number {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = process.hrtime.bigint();
    run();
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return median(times);
}

const data = busyAccount('mt940-bench', TARGET);
const rate = (ms: number): string => `${Math.round(TARGET / (ms / 1000)).toLocaleString('en-US')} entries/s`;
console.log(`MT940 parse: ${data.transactions.length} transactions on one account, ${RUNS} runs each, median`);
for (const style of STYLES) {
  const text = renderMt940(data, { style, statementPer: 'month' });
  const check = parseMt940(text);
  if (!check.ok || check.file.statements.reduce((n, s) => n + s.transactions.length, 0) !== TARGET) throw new Error(`the ${style} file does not parse: ${JSON.stringify(check.ok ? 'count' : check.problems.slice(0, 3))}`);
  const baseline = time(() => {
    let tags = 0;
    for (const line of text.split('\n')) if (/^:(\d{2}[A-Z]?):/.test(line)) tags++;
    if (tags === 0) throw new Error('no tags');
  });
  const parse = time(() => void parseMt940(text));
  const parseAndMap = time(() => {
    const result = parseMt940(text);
    if (result.ok) for (const s of result.file.statements) for (const t of s.transactions) canonicalTransaction(t);
  });
  console.log(
    `${style.padEnd(9)} ${(text.length / 1e6).toFixed(1)} MB  parse ${parse.toFixed(1)} ms (${rate(parse)})  parse+canonical ${parseAndMap.toFixed(1)} ms (${rate(parseAndMap)})` +
      `  baseline split+tag match ${baseline.toFixed(1)} ms (${rate(baseline)})  ratio parse/baseline ${(parse / baseline).toFixed(1)}x`,
  );
}
