/**
 * camt parse speed: one busy account's 20,000 transactions (sandbox households merged onto one account), rendered
 * as camt.053.001.02 and .08, read by parseCamt and mapped to canonical transactions. The baseline beside it is the
 * least any reader built on saxes does: the same text through saxes with no handlers and no line counting
 * (well-formedness only), as parseCamt read every file before it had its own scanner. The scanner alone (no handlers)
 * is printed too: parseCamt less it is the reading of the elements' values.
 * Prints entries per CPU second (median of the runs, after one warm-up run) and the ratios.
 * Run: npx tsx bench/camt-parse.bench.ts
 */
import { renderCamt, type CamtVersion } from '@obp/sandbox-bank';
import { busyAccount, median } from './statements/busy-account';
import { canonicalTransaction } from '@obp/statements';
import { SaxesParser } from 'saxes';
import { parseCamt } from '../packages/statements/src/camt/parse-camt';
import { scanXml } from '../packages/statements/src/camt/xml-scanner';

const TARGET = 20_000;
const RUNS = 7;
const VERSIONS: CamtVersion[] = ['02', '08'];

function time(run: () => void): number {
  run();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = process.cpuUsage();
    run();
    const used = process.cpuUsage(start);
    times.push((used.user + used.system) / 1000);
  }
  return median(times);
}

const data = busyAccount('camt-bench', TARGET);
const rate = (ms: number): string => `${Math.round(TARGET / (ms / 1000)).toLocaleString('en-US')} entries per CPU second`;
console.log(`camt parse: ${data.transactions.length} entries on one account, ${RUNS} runs each, median CPU time`);
for (const version of VERSIONS) {
  const xml = renderCamt(data, { message: 'camt.053', version, openingBalance: 1000 });
  const check = parseCamt(xml);
  if (!check.ok || check.file.statements.reduce((n, s) => n + s.transactions.length, 0) !== TARGET) throw new Error(`the .${version} file does not parse: ${JSON.stringify(check.ok ? 'count' : check.problems.slice(0, 3))}`);
  const baseline = time(() => void new SaxesParser({ position: false }).write(xml).close());
  const scanner = time(() => void scanXml(xml, { open: () => undefined, text: () => undefined, close: () => undefined }));
  const parse = time(() => void parseCamt(xml));
  const parseAndMap = time(() => {
    const result = parseCamt(xml);
    if (result.ok) for (const s of result.file.statements) for (const t of s.transactions) canonicalTransaction(t);
  });
  console.log(
    `camt.053.001.${version} ${(Buffer.byteLength(xml) / 1e6).toFixed(1)} MB  parse ${parse.toFixed(0)} ms (${rate(parse)})  parse+canonical ${parseAndMap.toFixed(0)} ms (${rate(parseAndMap)})` +
      `  scanner alone ${scanner.toFixed(0)} ms  baseline saxes alone ${baseline.toFixed(0)} ms (${rate(baseline)})  ratio parse/baseline ${(parse / baseline).toFixed(2)}x, scanner/saxes ${(scanner / baseline).toFixed(2)}x`,
  );
}
