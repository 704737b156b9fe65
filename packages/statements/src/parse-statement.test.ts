import { gzipSync } from 'node:zlib';
import { generateSandboxData, renderCsv, renderMt940 } from '@obp/sandbox-bank';
import { ING_CSV_COLUMNS } from './csv/parse-ing-csv';
import { RABOBANK_CSV_COLUMNS } from './csv/parse-rabobank-csv';
import { MAX_STATEMENT_BYTES, parseStatement } from './parse-statement';
import type { AccountStatement, StatementParseResult } from './statement';

const mockParseMt940 = jest.fn();
jest.mock('./mt940/parse-mt940', () => {
  const real = jest.requireActual('./mt940/parse-mt940');
  return { parseMt940: (text: string) => (mockParseMt940.getMockImplementation() ? mockParseMt940(text) : real.parseMt940(text)) };
});

const data = generateSandboxData({ seed: 'parse-statement', profile: 'retail', asOf: new Date('2026-03-31T00:00:00.000Z'), months: 2 });
const ING = renderCsv(data, { bank: 'ing' });
const RABOBANK = renderCsv(data, { bank: 'rabobank' });
const MT940 = renderMt940(data, { style: 'ing' });
const CAMT = '<?xml version="1.0" encoding="UTF-8"?>\n<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt/></Document>';

const problems = (result: StatementParseResult) => (result.ok ? [] : result.problems);
const formatOf = (result: StatementParseResult) => (result.ok ? result.file.format : problems(result));

function statement(fields: Partial<AccountStatement>): AccountStatement {
  return { statementId: '1', iban: 'NL69INGB0123456789', accountId: null, currency: 'EUR', bic: null, ownerName: null, openingBalance: null, closingBalance: null, transactions: [], location: '/Document/BkToCstmrStmt/Stmt[1]', ...fields };
}

describe('parseStatement', () => {
  beforeEach(() => mockParseMt940.mockReset());

  describe('detects the format from the content, and holds it against the hints', () => {
    it('reads each format without hints, and with the hints that fit', () => {
      expect(formatOf(parseStatement(Buffer.from(ING), {}))).toBe('csv-ing');
      expect(formatOf(parseStatement(Buffer.from(RABOBANK), { contentType: 'text/csv', format: 'csv' }))).toBe('csv-rabobank');
      expect(formatOf(parseStatement(Buffer.from(MT940), { contentType: 'text/plain; charset=utf-8' }))).toBe('mt940');
      expect(formatOf(parseStatement(Buffer.from(renderMt940(data, { style: 'abnamro' })), { format: 'mt940' }))).toBe('mt940');
      expect(formatOf(parseStatement(Buffer.from(renderMt940(data, { style: 'rabobank' })), { contentType: '' }))).toBe('mt940');
    });

    it('tells camt.053 and camt.052 by the root element\'s namespace, prefixed or not', () => {
      const prefixed = '<?xml version="1.0"?>\n<!-- export -->\n<c:Document xmlns:c="urn:iso:std:iso:20022:tech:xsd:camt.052.001.02"><c:BkToCstmrAcctRpt/></c:Document>';
      expect(problems(parseStatement(Buffer.from(prefixed), { format: 'mt940' }))).toEqual([{ location: 'format', message: 'The format given is mt940, but the file is camt.052.' }]);
      expect(problems(parseStatement(Buffer.from(CAMT), { contentType: 'text/xml', format: 'camt.052' }))).toEqual([{ location: 'format', message: 'The format given is camt.052, but the file is camt.053.' }]);
    });

    it('refuses an unknown or missing namespace, and text of no known format', () => {
      expect(problems(parseStatement(Buffer.from('<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.09"><x/></Document>'), {}))).toEqual([
        { location: '/Document', message: 'Unknown namespace urn:iso:std:iso:20022:tech:xsd:pain.001.001.09: camt.053 or camt.052 (urn:iso:std:iso:20022:tech:xsd:camt.05x.001.xx) expected.' },
      ]);
      expect(problems(parseStatement(Buffer.from('<Document><BkToCstmrStmt/></Document>'), {}))[0]).toMatchObject({ location: '/Document', message: expect.stringMatching(/no namespace/) });
      expect(problems(parseStatement(Buffer.from('Hello, world\n'), {}))).toEqual([{ location: 'line 1', message: expect.stringMatching(/^Not a statement format read here/) }]);
      expect(problems(parseStatement(Buffer.from('"Date","Amount"\n"2026-01-01","1"\n'), { format: 'csv' }))).toEqual([{ location: 'line 1', message: expect.stringMatching(/^Not a statement format read here/) }]);
    });

    it('finds the root element past comments and processing instructions that hold tags, and a \'>\' in an attribute value', () => {
      const camt = '<Document note="a > b" xmlns="urn:iso:std:iso:20022:tech:xsd:camt.052.001.02"><BkToCstmrAcctRpt/></Document>';
      for (const before of ['<!-- exported <b>today</b> -->', '<?bank <export version="2"/>?>', '']) {
        expect(problems(parseStatement(Buffer.from(`<?xml version="1.0"?>\n${before}\n${camt}`), { format: 'mt940' }))).toEqual([{ location: 'format', message: 'The format given is mt940, but the file is camt.052.' }]);
      }
    });

    it('refuses a root start tag that is never closed, however many attributes it holds, without overflowing the stack', () => {
      for (const attributes of [1, 1_000_000]) {
        expect(problems(parseStatement(Buffer.from(`<Document ${'a="1" '.repeat(attributes)}`), {}))).toEqual([
          { location: 'file', message: "The XML root element's start tag is never closed: the file is cut off or not XML." },
        ]);
      }
      expect(problems(parseStatement(Buffer.from('<?xml version="1.0"?><!-- cut off'), {}))).toEqual([{ location: 'file', message: 'The XML is cut off before its root element.' }]);
    });

    it('gives a hinted format\'s own problems when the content is not recognised', () => {
      expect(problems(parseStatement(Buffer.from('"Datum2";"x"\n'), { format: 'csv-rabobank' }))).toEqual([{ location: 'line 1', message: expect.stringMatching(/^Not the header of a Rabobank CSV export/) }]);
    });

    it('refuses an unknown format, an unsupported Content-Type or charset, and hints that contradict each other or the content', () => {
      expect(formatOf(parseStatement(Buffer.from(MT940), { format: ' MT940 ' }))).toBe('mt940');
      expect(problems(parseStatement(Buffer.from(ING), { format: 'ofx' }))).toEqual([{ location: 'format', message: expect.stringMatching(/^Unknown format "ofx": one of camt.053, camt.052, mt940, csv-ing, csv-rabobank, csv/) }]);
      expect(problems(parseStatement(Buffer.from(ING), { contentType: 'application/json' }))).toEqual([{ location: 'Content-Type', message: expect.stringMatching(/^Unsupported Content-Type "application\/json"/) }]);
      expect(problems(parseStatement(Buffer.from(ING), { contentType: 'text/csv; charset=shift_jis' }))).toEqual([{ location: 'Content-Type', message: expect.stringMatching(/^Unsupported charset "shift_jis"/) }]);
      expect(problems(parseStatement(Buffer.from(ING), { contentType: 'text/csv', format: 'mt940' }))).toEqual([{ location: 'format', message: 'The format mt940 contradicts the Content-Type text/csv, which is for a bank CSV export.' }]);
      expect(problems(parseStatement(Buffer.from(ING), { format: 'csv-rabobank' }))).toEqual([{ location: 'format', message: 'The format given is csv-rabobank, but the file is csv-ing.' }]);
      expect(problems(parseStatement(Buffer.from(ING), { format: 'mt940' }))).toEqual([{ location: 'format', message: 'The format given is mt940, but the file is csv-ing.' }]);
      expect(problems(parseStatement(Buffer.from(MT940), { contentType: 'text/csv' }))).toEqual([{ location: 'Content-Type', message: 'The Content-Type text/csv is for a bank CSV export, but the file is mt940: send it as text/plain.' }]);
      expect(problems(parseStatement(Buffer.from(CAMT), { contentType: 'text/plain' }))).toEqual([{ location: 'Content-Type', message: 'The Content-Type text/plain is for MT940, but the file is camt.053: send it as application/xml.' }]);
    });
  });

  describe('hands camt to the camt parser', () => {
    const entry = (amount: string, indicator: 'CRDT' | 'DBIT', reference: string) =>
      `<Ntry><NtryRef>${reference}</NtryRef><Amt Ccy="EUR">${amount}</Amt><CdtDbtInd>${indicator}</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts><BookgDt><Dt>2026-03-02</Dt></BookgDt><ValDt><Dt>2026-03-02</Dt></ValDt><AcctSvcrRef>${reference}</AcctSvcrRef>` +
      `<BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>ICDT</Cd><SubFmlyCd>ESCT</SubFmlyCd></Fmly></Domn></BkTxCd><NtryDtls><TxDtls><Refs><EndToEndId>E2E-${reference}</EndToEndId></Refs>` +
      `<RmtInf><Ustrd>Factuur ${reference}</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>`;
    const balance = (code: 'OPBD' | 'CLBD', amount: string, date: string) =>
      `<Bal><Tp><CdOrPrtry><Cd>${code}</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">${amount}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>${date}</Dt></Dt></Bal>`;
    const camt053 = (closing: string, prolog = '<?xml version="1.0" encoding="UTF-8"?>') =>
      `${prolog}\n<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt><GrpHdr><MsgId>M1</MsgId><CreDtTm>2026-03-03T06:00:00</CreDtTm></GrpHdr>` +
      `<Stmt><Id>S1</Id><CreDtTm>2026-03-03T06:00:00</CreDtTm><Acct><Id><IBAN>NL69INGB0123456789</IBAN></Id><Ccy>EUR</Ccy></Acct>` +
      `${balance('OPBD', '100.00', '2026-03-01')}${balance('CLBD', closing, '2026-03-02')}${entry('25.50', 'CRDT', 'R1')}${entry('5.00', 'DBIT', 'R2')}</Stmt></BkToCstmrStmt></Document>`;

    it('reads a camt.053 file through the entry point, as application/xml or detected', () => {
      for (const hints of [{}, { contentType: 'application/xml', format: 'camt.053' }]) {
        const result = parseStatement(Buffer.from(camt053('120.50')), hints);
        expect(problems(result)).toEqual([]);
        expect(result.ok && result.file).toMatchObject({ format: 'camt.053', version: 'camt.053.001.08', statements: [{ iban: 'NL69INGB0123456789', transactions: [{ amount: '25.50', bankReference: 'R1' }, { amount: '-5.00', bankReference: 'R2' }] }] });
      }
    });

    it('refuses what the camt parser refuses: entries that do not add up, a DOCTYPE with an external entity (XXE) or entity expansion (billion laughs)', () => {
      expect(problems(parseStatement(Buffer.from(camt053('120.49')), {}))[0]!.message).toMatch(/do not add up/);
      const xxe = camt053('120.50', '<?xml version="1.0"?>\n<!DOCTYPE Document [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>').replace('Factuur R1', '&xxe;');
      const laughs = camt053('120.50', `<?xml version="1.0"?>\n<!DOCTYPE Document [<!ENTITY a "ha">${Array.from({ length: 9 }, (_, i) => `<!ENTITY ${'b'.repeat(i + 1)} "${`&${i === 0 ? 'a' : 'b'.repeat(i)};`.repeat(10)}">`).join('')}]>`).replace('Factuur R1', '&bbbbbbbbb;');
      for (const hostile of [xxe, laughs]) {
        const found = problems(parseStatement(Buffer.from(hostile), { contentType: 'application/xml' }));
        expect(found.length).toBeGreaterThan(0);
        expect(found.map((p) => p.message).join(' ')).toMatch(/DOCTYPE/);
        expect(found.map((p) => p.message).join(' ')).not.toMatch(/root:|ha{3}/);
      }
    });

    it('refuses a truncated camt file', () => {
      const whole = camt053('120.50');
      expect(problems(parseStatement(Buffer.from(whole.slice(0, whole.length - 40)), {})).length).toBeGreaterThan(0);
    });
  });

  describe('checks what every parser gives', () => {
    it('refuses statements that do not add up or name no account, and a file without statements', () => {
      const balance = (amount: string) => ({ amount, currency: 'EUR', date: '2026-03-01' });
      mockParseMt940.mockReturnValue({ ok: true, file: { format: 'mt940', version: null, statements: [statement({ openingBalance: balance('10.00'), closingBalance: balance('12.00'), location: 'line 3' }), statement({ iban: null, location: 'line 9' })] } });
      expect(problems(parseStatement(Buffer.from(MT940), {}))).toEqual([
        { location: 'line 3', message: expect.stringMatching(/^The entries do not add up/) },
        { location: 'line 9', message: 'The statement names no account (no IBAN or other account identifier).' },
      ]);
      mockParseMt940.mockReturnValue({ ok: true, file: { format: 'mt940', version: null, statements: [] } });
      expect(problems(parseStatement(Buffer.from(MT940), {}))).toEqual([{ location: 'file', message: 'The file holds no account statement.' }]);
    });

    it('refuses a real file whose balances do not add up, naming the statement', () => {
      const tampered = MT940.replace(/:62F:([CD])(\d{6})EUR[\d,]+/, ':62F:$1$2EUR999999,99');
      expect(problems(parseStatement(Buffer.from(tampered), {}))).toEqual([{ location: expect.stringMatching(/^line \d+$/), message: expect.stringMatching(/do not add up/) }]);
    });
  });

  describe('limits and decodes the bytes', () => {
    it('refuses an empty file, also one of blanks or a byte order mark only', () => {
      for (const bytes of [Buffer.alloc(0), Buffer.from(' \r\n\t\n'), Buffer.from([0xef, 0xbb, 0xbf])]) {
        expect(problems(parseStatement(bytes, {}))).toEqual([{ location: 'file', message: 'The file is empty.' }]);
      }
    });

    it('refuses a file over the size limit', () => {
      expect(problems(parseStatement(Buffer.alloc(MAX_STATEMENT_BYTES + 1, 0x20), { contentType: 'text/csv' }))).toEqual([{ location: 'file', message: `The file is ${MAX_STATEMENT_BYTES + 1} bytes; a statement file may be at most ${MAX_STATEMENT_BYTES} bytes (20 MB).` }]);
    });

    it('reads UTF-8 with or without a byte order mark, and Latin-1 or Windows-1252 when the bytes are not UTF-8 or when declared', () => {
      const withAccent = RABOBANK.replace('"Omschrijving-1"', '"Omschrijving-1"').split('\r\n');
      withAccent[1] = withAccent[1]!.replace(/^((?:"[^"]*",){19})"[^"]*"/, '$1"Café € ë"');
      const text = withAccent.join('\r\n');
      const remittance = (result: StatementParseResult) => (result.ok ? result.file.statements.flatMap((s) => s.transactions).find((t) => t.location === 'line 2')!.remittanceUnstructured[0] : problems(result));
      expect(remittance(parseStatement(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]), {}))).toBe('Café € ë');
      expect(remittance(parseStatement(Buffer.from(new TextEncoder().encode(text)), { contentType: 'text/csv; charset=UTF-8' }))).toBe('Café € ë');
      const windows1252 = Buffer.from(text.replace('€', '\u0000'), 'latin1');
      windows1252[windows1252.indexOf(0)] = 0x80;
      expect(remittance(parseStatement(windows1252, {}))).toBe('Café € ë');
      expect(remittance(parseStatement(windows1252, { contentType: 'text/csv; charset=windows-1252' }))).toBe('Café € ë');
      expect(problems(parseStatement(windows1252, { contentType: 'text/csv; charset=utf-8' }))).toEqual([{ location: 'file', message: 'The file is not valid UTF-8, as declared.' }]);
    });

    it('reads XML as its declaration says, and refuses XML that is not UTF-8 without one', () => {
      const xml = CAMT.replace('encoding="UTF-8"', 'encoding="ISO-8859-1"').replace('<BkToCstmrStmt/>', '<!-- Rénée --><BkToCstmrStmt/>');
      expect(problems(parseStatement(Buffer.from(xml, 'latin1'), { contentType: 'application/xml', format: 'camt.052' }))).toEqual([{ location: 'format', message: 'The format given is camt.052, but the file is camt.053.' }]);
      const undeclared = Buffer.from(xml.replace(' encoding="ISO-8859-1"', ''), 'latin1');
      expect(problems(parseStatement(undeclared, {}))).toEqual([{ location: 'file', message: 'The file is not valid UTF-8, as an XML file without an encoding declaration must be.' }]);
      expect(problems(parseStatement(Buffer.from(xml, 'latin1'), { contentType: 'application/xml; charset=utf-8' }))).toEqual([{ location: 'file', message: 'The Content-Type says charset utf-8 but the XML declares encoding="ISO-8859-1".' }]);
    });

    it('reads an MT940 file that is not UTF-8 as Windows-1252', () => {
      const latin1 = Buffer.from(MT940.replace(/(:86:.*?)(\r\n)/, '$1 Caf\u00e9$2'), 'latin1');
      const result = parseStatement(latin1, { contentType: 'text/plain' });
      expect(JSON.stringify(result.ok ? result.file.statements : problems(result))).toContain('Caf\u00e9');
    });

    it('refuses UTF-16 (with or without a byte order mark), EBCDIC and any other declared encoding', () => {
      const utf16 = Buffer.from(ING, 'utf16le');
      expect(problems(parseStatement(Buffer.concat([Buffer.from([0xff, 0xfe]), utf16]), {}))).toEqual([{ location: 'file', message: 'The file is UTF-16 or UTF-32: a statement file is UTF-8 or Latin-1.' }]);
      expect(problems(parseStatement(utf16, {}))).toEqual([{ location: 'file', message: 'The file is UTF-16 or UTF-32: a statement file is UTF-8 or Latin-1.' }]);
      expect(problems(parseStatement(Buffer.from([0x4c, 0x6f, 0xa7, 0x94, 0x40, 0xa5, 0x85, 0x99]), {}))).toEqual([{ location: 'file', message: 'The file is EBCDIC: a statement file is UTF-8 or Latin-1.' }]);
      expect(problems(parseStatement(Buffer.from(CAMT.replace('UTF-8', 'UTF-16')), {}))).toEqual([{ location: 'file', message: 'The XML declares encoding="UTF-16": a statement file is UTF-8 or Latin-1 (ISO-8859-1, Windows-1252).' }]);
      expect(problems(parseStatement(Buffer.from(CAMT.replace('UTF-8', 'IBM037')), {}))).toEqual([{ location: 'file', message: 'The XML declares encoding="IBM037": a statement file is UTF-8 or Latin-1 (ISO-8859-1, Windows-1252).' }]);
    });
  });

  describe('bounds the texts a file gives', () => {
    const camt = (narrative: string, ustrd: string[]) => `<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><GrpHdr><MsgId>M</MsgId><CreDtTm>2026-01-02T06:00:00Z</CreDtTm></GrpHdr><Stmt><Id>S1</Id><CreDtTm>2026-01-02T06:00:00Z</CreDtTm><Acct><Id><IBAN>NL91ABNA0417164300</IBAN></Id><Ccy>EUR</Ccy></Acct>
<Bal><Tp><CdOrPrtry><Cd>OPBD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">0</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2026-01-01</Dt></Dt></Bal><Bal><Tp><CdOrPrtry><Cd>CLBD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">1.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2026-01-01</Dt></Dt></Bal>
<Ntry><Amt Ccy="EUR">1.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2026-01-01</Dt></BookgDt><BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>RCDT</Cd><SubFmlyCd>ESCT</SubFmlyCd></Fmly></Domn></BkTxCd><AddtlNtryInf>${narrative}</AddtlNtryInf>
<NtryDtls><TxDtls><RmtInf>${ustrd.map((line) => `<Ustrd>${line}</Ustrd>`).join('')}</RmtInf></TxDtls></NtryDtls></Ntry></Stmt></BkToCstmrStmt></Document>`;
    const mt940 = (information: string) => `:20:REF\n:25:NL20INGB0001234567\n:28C:1\n:60F:C250101EUR0,00\n:61:2501010101C1,00NTRFNONREF\n:86:${information.match(/.{1,65}/g)!.join('\n')}\n:62F:C250101EUR1,00\n`;

    it('takes texts of up to 1,000 characters, and refuses a longer one, naming the transaction and the field', () => {
      expect(problems(parseStatement(Buffer.from(camt('n'.repeat(1000), ['r'.repeat(500), 'r'.repeat(499)])), {}))).toEqual([]);
      expect(problems(parseStatement(Buffer.from(camt('n'.repeat(1001), Array.from({ length: 10 }, () => 'r'.repeat(140)))), {}))).toEqual([
        { location: '/Document/BkToCstmrStmt/Stmt[1]/Ntry[1]/NtryDtls/TxDtls[1]', message: 'The narrative is 1001 characters long; a statement\'s text is at most 1000 characters.' },
        { location: '/Document/BkToCstmrStmt/Stmt[1]/Ntry[1]/NtryDtls/TxDtls[1]', message: 'The unstructured remittance is 1409 characters long; a statement\'s text is at most 1000 characters.' },
      ]);
      expect(problems(parseStatement(Buffer.from(mt940('x'.repeat(1000))), {}))).toEqual([]);
      expect(problems(parseStatement(Buffer.from(mt940('x'.repeat(1001))), {}))).toEqual([{ location: 'line 5', message: 'The narrative is 1001 characters long; a statement\'s text is at most 1000 characters.' }]);
      expect(problems(parseStatement(Buffer.from(mt940('x'.repeat(2_000_000))), {}))).toEqual([{ location: 'line 6', message: 'The :86: information is 2000000 characters long; it may be at most 4000 (SWIFT allows 6 lines of 65).' }]);
      const account = `:20:REF\n:25:${'1'.repeat(5_000_000)}\n:28C:1\n:60F:C250101EUR0,00\n:62F:C250101EUR0,00\n`;
      expect(problems(parseStatement(Buffer.from(account), {}))).toEqual([{ location: 'line 2', message: expect.stringMatching(/^The :25: account "1{40}…" is not an IBAN/) }]);
    });
  });

  describe('reads a placeholder for a bank reference as none', () => {
    it('leaves NOTPROVIDED and NONREF out as references, so equal placeholders do not make payments one', () => {
      const entry = (reference: string) =>
        `<Ntry><Amt Ccy="EUR">1.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2026-01-01</Dt></BookgDt><AcctSvcrRef>${reference}</AcctSvcrRef><BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>RCDT</Cd><SubFmlyCd>ESCT</SubFmlyCd></Fmly></Domn></BkTxCd></Ntry>`;
      const camt = `<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><GrpHdr><MsgId>M</MsgId><CreDtTm>2026-01-02T06:00:00Z</CreDtTm></GrpHdr><Stmt><Id>S1</Id><CreDtTm>2026-01-02T06:00:00Z</CreDtTm><Acct><Id><IBAN>NL91ABNA0417164300</IBAN></Id><Ccy>EUR</Ccy></Acct>
<Bal><Tp><CdOrPrtry><Cd>OPBD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">0</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2026-01-01</Dt></Dt></Bal><Bal><Tp><CdOrPrtry><Cd>CLBD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">3.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2026-01-01</Dt></Dt></Bal>
${entry('NOTPROVIDED')}${entry('nonref')}${entry('R-1')}</Stmt></BkToCstmrStmt></Document>`;
      const references = (result: StatementParseResult) => (result.ok ? result.file.statements.flatMap((s) => s.transactions.map((t) => t.bankReference)) : problems(result));
      expect(references(parseStatement(Buffer.from(camt), {}))).toEqual([null, null, 'R-1']);
      const mt940 = ':20:REF\n:25:NL20INGB0001234567\n:28C:1\n:60F:C250101EUR0,00\n:61:2501010101C1,00NTRFNONREF//NONREF\n:61:2501010101C1,00NTRFNONREF//B-2\n:62F:C250101EUR2,00\n';
      expect(references(parseStatement(Buffer.from(mt940), {}))).toEqual([null, 'B-2']);
    });
  });

  describe('reports a bounded number of problems, whatever the file', () => {
    const stopped = { location: 'file', message: 'More than 50 problems; reading stopped.' };
    const header = (columns: readonly string[], delimiter: string) => columns.map((name) => `"${name}"`).join(delimiter);

    it('stops at 50 problems and says so, for a file of a hundred thousand broken lines in each format', () => {
      const files: Record<string, string> = {
        'broken :61: lines': `:20:REF\n:25:NL20INGB0001234567\n:28C:1\n:60F:C250101EUR0,00\n${':61:X\n'.repeat(100_000)}:62F:C250101EUR0,00\n`,
        'MT940 statements that do not add up': ':20:REF\n:25:NL20INGB0001234567\n:28C:1\n:60F:C250101EUR0,00\n:62F:C250101EUR1,00\n'.repeat(100_000),
        'lines outside any tag': `:20:REF\n${'x\n'.repeat(100_000)}`,
        'ING rows of the wrong width': `${header(ING_CSV_COLUMNS, ';')}\n${'"x";"y"\n'.repeat(100_000)}`,
        'Rabobank rows of bad cells': `${header(RABOBANK_CSV_COLUMNS, ',')}\n${`${RABOBANK_CSV_COLUMNS.map(() => '"x"').join(',')}\n`.repeat(100_000)}`,
        'quotes inside unquoted fields': `${header(ING_CSV_COLUMNS, ';')}\n${'a"b\n'.repeat(100_000)}`,
      };
      for (const [name, text] of Object.entries(files)) {
        const found = problems(parseStatement(Buffer.from(text), {}));
        expect({ name, count: found.length, last: found[found.length - 1] }).toEqual({ name, count: 51, last: stopped });
        expect(found[0]!.location).toMatch(/^line \d+$/);
      }
    });
  });

  describe('accepts a gzip file, inflating it no further than the size limit', () => {
    it('reads a gzipped export', () => {
      expect(formatOf(parseStatement(gzipSync(Buffer.from(ING)), { contentType: 'text/csv' }))).toBe('csv-ing');
    });

    it('stops a gzip bomb (10 GB inflated from 10 MB) at the limit', () => {
      const member = gzipSync(Buffer.alloc(MAX_STATEMENT_BYTES + 1));
      const bomb = Buffer.concat(Array.from({ length: Math.floor((10 * 1024 * 1024) / member.length) }, () => member));
      expect(bomb.length).toBeLessThanOrEqual(MAX_STATEMENT_BYTES);
      expect(bomb.length / member.length * (MAX_STATEMENT_BYTES + 1)).toBeGreaterThan(10 * 1024 ** 3);
      expect(problems(parseStatement(bomb, { contentType: 'text/csv' }))).toEqual([{ location: 'file', message: `The gzip file inflates to more than ${MAX_STATEMENT_BYTES} bytes (20 MB), the most a statement file may be.` }]);
    });

    it('refuses a truncated gzip file and one compressed twice', () => {
      const gzipped = gzipSync(Buffer.from(ING));
      expect(problems(parseStatement(gzipped.subarray(0, gzipped.length - 10), {}))).toEqual([{ location: 'file', message: expect.stringMatching(/^The file starts like gzip but cannot be inflated .*: it is truncated or not gzip\.$/) }]);
      expect(problems(parseStatement(gzipSync(gzipped), {}))).toEqual([{ location: 'file', message: 'The file is compressed twice: upload it gzipped once at most.' }]);
    });
  });
});
