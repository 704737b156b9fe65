/**
 * Speed of the categoriser (@obp/categorisation) on synthetic but realistic Dutch transactions:
 * card payments in ABN AMRO, ING and Rabobank formats, SEPA direct debits, MT940-structured
 * transfers, iDEAL, Tikkie, ATM withdrawals, own-account transfers, salaries, unknown merchants
 * behind payment processors. Accounts of 1,000 transactions are categorised one `categorise` call
 * each, with own IBANs and recurring ids as a caller passes them. One thread; transactions are
 * generated before they are timed. Prints figures, asserts nothing.
 * With CAT_BENCH_BASELINE=<commit> (default e41f6dc^, categoriser 1.3.0; `none` to skip) the package as it was at
 * that commit is extracted under .cache/ and timed in the same process on the same transactions, its rounds
 * alternating with this checkout's, so that both see the same load; the ratio of the medians is printed.
 * Run: npx tsx bench/categorisation-speed.bench.ts   (CAT_BENCH_TRANSACTIONS to change the total, CAT_BENCH_ROUNDS)
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { categorise, CATEGORISER_VERSION, type CategoriseOptions } from '@obp/categorisation';
import type { TransactionDto } from '@obp/contracts';
import { mulberry32, type Random } from '../packages/sequencing/src/benchmark/prng';

const TOTAL = Number(process.env.CAT_BENCH_TRANSACTIONS ?? 240_000);
const PER_ACCOUNT = 1_000;
const ROUNDS = Number(process.env.CAT_BENCH_ROUNDS ?? 5);
const BASELINE = process.env.CAT_BENCH_BASELINE ?? 'e41f6dc^';

const knownShops = ['ALBERT HEIJN 1403', 'AH to go 5847', 'JUMBO 5678', 'LIDL 0123', 'Kruidvat 7788', 'HEMA 112', 'Action 1701', 'Shell 0345', 'NS GROEP IZ NS REIZIGERS', 'McDonalds 55', 'Etos 214', 'Gamma 88', 'IKEA Delft', 'Starbucks Centraal'];
const unknownShops = ['Bakkerij van Dam', 'Cafe De Zwaan', 'CCV*Kapsalon Fleur', 'SumUp *Marktkraam Piet', 'Zettle_*Koffiebar Noord', 'Slagerij Vos', 'Fietsenmaker Bos', 'Toko Sari', 'Dierenwinkel Max'];
const places = ['AMSTERDAM', 'UTRECHT', 'ROTTERDAM', 'DEN HAAG', 'EINDHOVEN', 'ZWOLLE', 'GRONINGEN'];
const creditors = [
  ['Vattenfall Klantenservice N.V.', 'Termijnbedrag energie'],
  ['Zilveren Kruis Zorgverzekeringen', 'Premie zorgverzekering'],
  ['KPN B.V.', 'Factuur mobiel abonnement'],
  ['Netflix International B.V.', 'Netflix maand'],
  ['Gemeente Utrecht', 'Gemeentelijke belastingen termijn 3'],
  ['Centraal Beheer', 'Inboedelverzekering'],
  ['Basic-Fit Nederland B.V.', 'Lidmaatschap'],
  ['Vitens N.V.', 'Voorschot drinkwater'],
  ['Stichting Onbekend Fonds', 'Bijdrage'],
];
const people = ['J. de Vries', 'M.J. van den Berg', 'Sanne Bakker', 'Hr P Jansen', 'A. El Amrani', 'JANSEN J A'];
const remarks = ['Etentje', 'Verjaardag cadeau', 'Huur februari', 'Voorgeschoten', 'Boodschappen', 'Zakgeld', 'Weekend weg'];

function iban(r: Random): string {
  return `NL${r.int(10, 99)}${r.pick(['ABNA', 'INGB', 'RABO', 'SNSB', 'TRIO', 'BUNQ'])}0${r.int(100_000_000, 999_999_999)}`;
}

function money(r: Random, min: number, max: number): number {
  return Math.round(r.uniform(min, max) * 100) / 100;
}

type Draft = Omit<TransactionDto, 'id' | 'accountId' | 'currency' | 'bookingDate' | 'valueDate'>;

const none = { counterpartName: null, counterpartAccountNumber: null, transactionType: null, transactionTypeName: null, reasonCode: null, purposeCode: null };

const templates: Array<[number, (r: Random, own: string) => Draft]> = [
  [30, (r) => ({ ...none, amount: -money(r, 2, 120), transactionType: 'ba', description: `BEA, Betaalpas   ${r.pick(knownShops)},PAS123   NR:5G${r.int(1000, 9999)}, 0${r.int(1, 9)}.02.24/1${r.int(0, 9)}:${r.int(10, 59)}   ${r.pick(places)}` })],
  [10, (r) => ({ ...none, amount: -money(r, 2, 80), counterpartName: `${r.pick(unknownShops)} ${r.pick(places)}`, transactionTypeName: 'Betaalautomaat', description: `Pasvolgnr: 003 0${r.int(1, 9)}-02-2024 1${r.int(0, 9)}:${r.int(10, 59)} Transactie: ${r.int(100000, 999999)} Term: ${r.int(1000, 9999)} Apple Pay` })],
  [6, (r) => ({ ...none, amount: -money(r, 3, 60), description: `Betaalautomaat 1${r.int(0, 9)}:${r.int(10, 59)} pasnr. 012 ${r.pick(unknownShops.concat(knownShops))} ${r.pick(places)}` })],
  [14, (r) => {
    const [name, text] = r.pick(creditors);
    return { ...none, amount: -money(r, 10, 160), transactionType: 'ei', description: `SEPA Incasso algemeen doorlopend Incassant: NL${r.int(10, 99)}ZZZ${r.int(10_000_000, 99_999_999)}0000 Naam: ${name} Machtiging: ${r.int(100_000, 999_999)} Omschrijving: ${text} ${r.int(1, 12)}-2024 IBAN: ${iban(r)}` };
  }],
  [6, (r) => ({ ...none, amount: money(r, 1800, 4200), purposeCode: r.chance(0.5) ? 'SALA' : null, description: `/TRTP/SEPA OVERBOEKING/IBAN/${iban(r)}/BIC/INGBNL2A/NAME/${r.pick(['Werkgever B.V.', 'Zorggroep Midden', 'Gemeente Utrecht'])}/REMI/Salaris ${r.int(1, 12)}-2024/EREF/NOTPROVIDED` })],
  [8, (r) => ({ ...none, amount: r.chance(0.5) ? -money(r, 5, 250) : money(r, 5, 250), counterpartName: r.pick(people), counterpartAccountNumber: iban(r), transactionType: 'tb', description: `SEPA Overboeking IBAN: ${iban(r)} BIC: RABONL2U Naam: ${r.pick(people)} Omschrijving: ${r.pick(remarks)}` })],
  [5, (r, own) => ({ ...none, amount: r.chance(0.5) ? -money(r, 50, 1000) : money(r, 50, 1000), counterpartName: 'Hr J Jansen', counterpartAccountNumber: own, description: r.chance(0.5) ? 'Naar Oranje Spaarrekening V123-45678' : 'Overboeking eigen rekening' })],
  [5, (r) => ({ ...none, amount: -money(r, 5, 200), counterpartName: r.pick(['Stichting Mollie Payments', 'Adyen N.V.', 'Stichting Derdengelden Buckaroo']), transactionType: 'id', description: `iDEAL ${r.pick(['bol.com', 'Coolblue', 'Zalando', 'Webwinkel Het Hoekje', 'Thuisbezorgd.nl'])} ${r.int(1_000_000_000, 9_999_999_999)} 0050001${r.int(100_000_000, 999_999_999)}` })],
  [4, (r) => ({ ...none, amount: r.chance(0.6) ? -money(r, 3, 40) : money(r, 3, 40), counterpartName: 'AAB INZ TIKKIE', description: `Tikkie ID 000${r.int(100_000_000, 999_999_999)}, ${r.pick(remarks)}, Van ${r.pick(people)}, ${iban(r)}` })],
  [3, (r) => ({ ...none, amount: -r.pick([20, 50, 100, 200]), transactionType: 'gm', description: `GEA, Betaalpas   Geldmaat ${r.pick(places)},PAS123   NR:ABC${r.int(100, 999)}, 0${r.int(1, 9)}.02.24/12:00   ${r.pick(places)}` })],
  [3, (r) => ({ ...none, amount: -money(r, 2, 9), transactionType: 'db', counterpartName: r.pick(['ING BANK NV', 'ABN AMRO Bank NV', 'Rabobank']), description: r.pick(['Kosten Betaalpakket', 'Rente debetstand', 'Kosten gebruik betaalrekening']) })],
  [3, (r) => ({ ...none, amount: money(r, 20, 300), counterpartName: r.pick(['Belastingdienst/Toeslagen', 'SVB', 'UWV', 'DUO']), description: r.pick(['Zorgtoeslag 2024', 'Kinderbijslag 1e kwartaal', 'WW-uitkering', 'Studiefinanciering']) })],
  [3, (r) => ({ ...none, amount: -money(r, 5, 300), counterpartName: `${r.pick(['Janssen', 'De Boer', 'Hoek', 'Smit'])} ${r.pick(['Installatie', 'Schilderwerken', 'Consultancy', 'Design'])} ${r.pick(['B.V.', 'V.O.F.', ''])}`, counterpartAccountNumber: iban(r), description: `Factuur ${r.int(2024000, 2024999)}` })],
];

const templateWeights = templates.reduce((sum, [weight]) => sum + weight, 0);

function draft(r: Random, own: string): Draft {
  let pick = r.next() * templateWeights;
  for (const [weight, make] of templates) {
    pick -= weight;
    if (pick < 0) return make(r, own);
  }
  return templates[0][1](r, own);
}

interface Account {
  transactions: TransactionDto[];
  options: CategoriseOptions;
}

function account(seed: number): Account {
  const r = mulberry32(seed);
  const own = iban(r);
  const accountId = `acc-${seed}`;
  const transactions: TransactionDto[] = [];
  const recurring = new Set<string>();
  for (let i = 0; i < PER_ACCOUNT; i++) {
    const id = `${seed}-${i}`;
    const day = 1 + (i % 28);
    transactions.push({ id, accountId, currency: 'EUR', bookingDate: `2024-02-${String(day).padStart(2, '0')}T00:00:00.000Z`, valueDate: null, ...draft(r, own) });
    if (r.chance(0.15)) recurring.add(id);
  }
  return { transactions, options: { profile: r.chance(0.2) ? 'corporate' : 'retail', ownIbans: [own], recurringIds: recurring } };
}

type Categorise = typeof categorise;

interface Categoriser {
  label: string;
  categorise: Categorise;
  /** Transactions per second of wall time, and per second of the process's CPU time (what other processes on the machine take does not count). */
  rates: number[];
  cpuRates: number[];
}

/** The package as it was at `commit`, extracted once under .cache/ (git archive), loaded beside this checkout's. */
function baselineAt(commit: string): Categoriser {
  const root = path.resolve(__dirname, '..');
  const sha = execFileSync('git', ['rev-parse', '--short', commit], { cwd: root, encoding: 'utf8' }).trim();
  const dir = path.join(root, '.cache', `categorisation-${sha}`);
  if (!existsSync(path.join(dir, 'packages/categorisation/src/index.ts'))) {
    mkdirSync(dir, { recursive: true });
    execFileSync('sh', ['-c', `git archive ${sha} packages/categorisation | tar -x -C '${dir}'`], { cwd: root });
  }
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a second copy of the package, loaded at run time
  const loaded = require(path.join(dir, 'packages/categorisation/src/index.ts')) as { categorise: Categorise; CATEGORISER_VERSION: string };
  return { label: `${loaded.CATEGORISER_VERSION} (${sha})`, categorise: loaded.categorise, rates: [], cpuRates: [] };
}

function run(categoriseWith: Categorise, accounts: readonly Account[]): number {
  let guesses = 0;
  for (const { transactions, options } of accounts) {
    for (const result of categoriseWith(transactions, options)) if (result.source.startsWith('model:')) guesses++;
  }
  return guesses;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function main(): void {
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  console.log(`categorisation speed — categoriser ${CATEGORISER_VERSION}, node ${process.version}, ${cpu}, load average ${os.loadavg()[0].toFixed(2)} on ${os.cpus().length} CPUs`);
  const accounts = Array.from({ length: Math.ceil(TOTAL / PER_ACCOUNT) }, (_, i) => account(90_000 + i));
  const count = accounts.length * PER_ACCOUNT;
  const current: Categoriser = { label: `${CATEGORISER_VERSION} (this checkout)`, categorise, rates: [], cpuRates: [] };
  const baseline = BASELINE === 'none' ? null : baselineAt(BASELINE);
  const contenders = baseline ? [current, baseline] : [current];

  // Warm-up, so that the JIT has compiled each categoriser before anything is timed.
  for (const c of contenders) run(c.categorise, accounts.slice(0, 20));

  let guesses = 0;
  for (let round = 0; round < ROUNDS; round++) {
    // alternate which goes first, so that neither always follows the other's garbage
    for (const c of round % 2 === 0 ? contenders : [...contenders].reverse()) {
      const start = performance.now();
      const cpuStart = process.cpuUsage();
      const guessed = run(c.categorise, accounts);
      const cpu = process.cpuUsage(cpuStart);
      const seconds = (performance.now() - start) / 1000;
      const cpuSeconds = (cpu.user + cpu.system) / 1e6;
      if (c === current) guesses = guessed;
      c.rates.push(count / seconds);
      c.cpuRates.push(count / cpuSeconds);
      console.log(
        `round ${round + 1} ${c.label}: ${count} transactions in ${seconds.toFixed(2)} s = ${Math.round(count / seconds).toLocaleString('en')} transactions/s; ${cpuSeconds.toFixed(2)} CPU s = ${Math.round(count / cpuSeconds).toLocaleString('en')} per CPU second`,
      );
    }
  }
  const rate = median(current.rates);
  const cpuRate = median(current.cpuRates);
  console.log(`median ${Math.round(rate).toLocaleString('en')} transactions/s of wall time (${(1e6 / rate).toFixed(1)} µs each), ${Math.round(cpuRate).toLocaleString('en')} per CPU second (${(1e6 / cpuRate).toFixed(1)} µs each); model guesses ${((100 * guesses) / count).toFixed(1)}%`);
  if (baseline) {
    const base = median(baseline.rates);
    const baseCpu = median(baseline.cpuRates);
    const perRound = (mine: readonly number[], theirs: readonly number[]): string => mine.map((r, i) => (r / theirs[i]).toFixed(2)).join(', ');
    console.log(`baseline ${baseline.label}: median ${Math.round(base).toLocaleString('en')} transactions/s of wall time, ${Math.round(baseCpu).toLocaleString('en')} per CPU second`);
    console.log(`ratio to the baseline: ${(rate / base).toFixed(2)}× by wall time (per round ${perRound(current.rates, baseline.rates)}), ${(cpuRate / baseCpu).toFixed(2)}× by CPU time (per round ${perRound(current.cpuRates, baseline.cpuRates)})`);
  }
  // on a machine shared with other work the wall time counts their CPU too; the CPU time is the categoriser's own
  console.log(`target ≥ 100,000 transactions/s on one core: ${cpuRate >= 100_000 ? 'met' : 'MISSED'} by CPU time (${rate >= 100_000 ? 'met' : 'missed'} by wall time, load average ${os.loadavg()[0].toFixed(2)})`);
}

main();
