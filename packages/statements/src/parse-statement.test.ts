import { generateSandboxData, renderMt940 } from '@obp/sandbox-bank';
import { MAX_STATEMENT_BYTES, parseStatement } from './parse-statement';

const data = generateSandboxData({ seed: 'parse-statement', profile: 'retail', asOf: new Date('2026-06-30T00:00:00.000Z') });
const mt940 = renderMt940(data, { style: 'ing', from: '2026-05-01', to: '2026-05-31', openingBalance: 100 });
const problemsOf = (bytes: Buffer, hints = {}) => {
  const result = parseStatement(bytes, hints);
  return result.ok ? [] : result.problems;
};

describe('parseStatement, the one entry point', () => {
  it('reads an MT940 file from its content, or as its hints name it', () => {
    for (const hints of [{}, { format: 'mt940' }, { format: 'MT940', contentType: 'text/plain; charset=utf-8' }]) {
      const result = parseStatement(Buffer.from(mt940), hints);
      expect(result.ok && result.file.format).toBe('mt940');
    }
  });

  it('refuses an empty file, one over the size limit, and one in no known format', () => {
    expect(problemsOf(Buffer.alloc(0))).toEqual([{ location: 'file', message: 'The file is empty.' }]);
    expect(problemsOf(Buffer.alloc(MAX_STATEMENT_BYTES + 1, 'x'))[0]!.message).toMatch(/larger than/);
    expect(problemsOf(Buffer.from('hello, this is not a statement'))[0]!.message).toMatch(/not a camt\.053, camt\.052, MT940/);
  });

  it('names the format field for an unknown or contradicted hint, and refuses a Content-Type that does not fit the format', () => {
    expect(problemsOf(Buffer.from(mt940), { format: 'pdf' })).toEqual([{ location: 'format', message: expect.stringMatching(/Unknown format 'pdf'/) }]);
    expect(problemsOf(Buffer.from(mt940), { format: 'camt.053' })).toEqual([{ location: 'format', message: 'The file is mt940, not camt.053.' }]);
    expect(problemsOf(Buffer.from(mt940), { contentType: 'text/csv' })[0]!.message).toMatch(/not sent as text\/csv/);
    expect(problemsOf(Buffer.from(mt940), { contentType: 'application/pdf' })[0]!.message).toMatch(/application\/xml or text\/xml/);
  });

  it('reads Windows-1252 (Latin-1) bytes of a file that is not UTF-8, and refuses UTF-16 and a declared encoding it does not read', () => {
    const latin1 = Buffer.from(mt940.replace(/(:86:.*?)(\r\n)/, '$1 Caf\u00e9$2'), 'latin1');
    const result = parseStatement(latin1);
    expect(result.ok).toBe(true);
    expect(JSON.stringify(result.ok && result.file.statements)).toContain('Caf\u00e9');
    expect(problemsOf(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(mt940, 'utf16le')]))[0]!.message).toMatch(/UTF-16/);
    expect(problemsOf(Buffer.from('<?xml version="1.0" encoding="EBCDIC-CP-US"?><Document/>'))[0]!.message).toMatch(/declares the encoding ebcdic-cp-us/);
    expect(problemsOf(Buffer.from([0x3c, 0x3f, 0x78, 0x6d, 0x6c, 0x20, ...Buffer.from('version="1.0" encoding="UTF-8"?><a>'), 0xe9, ...Buffer.from('</a>')]))[0]!.message).toMatch(/not valid UTF-8/);
  });

  it('refuses a file whose balances do not add up, naming the statement', () => {
    const tampered = mt940.replace(/:62F:([CD])(\d{6})EUR[\d,]+/, ':62F:$1$2EUR999999,99');
    const [problem] = problemsOf(Buffer.from(tampered));
    expect(problem!.message).toMatch(/do not add up/);
    expect(problem!.location).toMatch(/^line \d+/);
  });
});
