/**
 * The `:86:` information of an MT940 entry, in the layouts of the Dutch banks:
 * - ING: `/EREF/…//MARF/…//CSID/…//CNTP/iban/bic/name/city//REMI/USTD//text//PURP/…/`: fields separated by `//`,
 *   the last one closed by `/`;
 * - ABN AMRO: `/TRTP/SEPA OVERBOEKING/IBAN/…/BIC/…/NAME/…/REMI/…/EREF/…`: fields separated by `/`;
 * - Rabobank: `/EREF/…/MARF/…/CSID/…/BENM//NAME/…/REMI/…` (`ORDP` for the payer, `BENM` for the payee), the
 *   counterparty's IBAN on the `:61:` supplementary line;
 * - free text (ABN AMRO's `BEA   NR:…` card payments, or a bank without subfields): the narrative; in ABN AMRO's
 *   free-text SEPA layout (`SEPA OVERBOEKING IBAN: … BIC: … NAAM: … OMSCHRIJVING: …`, often padded in columns)
 *   the labelled values are read as well.
 * Continuation lines are joined as they are, without a space: a bank wraps a value at 65 characters
 * wherever it falls.
 */

/** The subfield codes that start a field: a `/CODE/` with another code is text inside a value. */
const CODES = [
  'TRTP', 'IBAN', 'BIC', 'NAME', 'REMI', 'EREF', 'CSID', 'MARF', 'PURP', 'RTRN', 'CNTP', 'ORDP', 'BENM', 'ADDR', 'ISDT', 'PREF', 'ULTC', 'ULTD', 'ULTB',
  'SVCL', 'CDTRREFTP', 'CDTRREF', 'ISSR', 'OCMT', 'CHGS', 'EXCH', 'BUSP', 'RTYP',
] as const;
type Code = (typeof CODES)[number];
const IS_CODE: ReadonlySet<string> = new Set(CODES);
/** `/REMI/` as ING writes it; made once, as a literal in a function is a new object at every call. */
const STRUCTURED_REMITTANCE = /^STRD\/(?:[A-Z]{3,4})?\/(.*)$/s;
const UNSTRUCTURED_REMITTANCE = /^USTD\/\/(.*)$/s;
const TRAILING_SLASHES = /\/+$/;

export interface EntryInformation {
  narrative: string | null;
  transactionTypeName: string | null;
  counterpartyName: string | null;
  counterpartyIban: string | null;
  counterpartyBic: string | null;
  endToEndId: string | null;
  mandateId: string | null;
  creditorSchemeId: string | null;
  purposeCode: string | null;
  returnReason: string | null;
  remittanceUnstructured: string[];
  remittanceStructured: string | null;
}

const NOTHING: EntryInformation = {
  narrative: null, transactionTypeName: null, counterpartyName: null, counterpartyIban: null, counterpartyBic: null, endToEndId: null, mandateId: null,
  creditorSchemeId: null, purposeCode: null, returnReason: null, remittanceUnstructured: [], remittanceStructured: null,
};

export function readInformation(lines: readonly string[]): EntryInformation {
  const text = lines.join('');
  const fields = subfields(text);
  if (fields === null) {
    const narrative = text.trim();
    if (narrative === '') return NOTHING;
    return /^SEPA /i.test(narrative) ? { ...labelled(narrative), narrative } : { ...NOTHING, narrative };
  }
  const first = (code: Code): string | null => {
    const value = fields.find((f) => f.code === code)?.value.trim();
    return value === undefined || value === '' ? null : value;
  };
  const info: EntryInformation = { ...NOTHING, remittanceUnstructured: [] };
  info.transactionTypeName = first('TRTP');
  info.endToEndId = provided(first('EREF'));
  info.mandateId = first('MARF');
  info.creditorSchemeId = first('CSID');
  info.returnReason = first('RTRN');
  // ING writes `/PURP/CD/SALA`-style codes in some exports: the code is the last part.
  info.purposeCode = first('PURP')?.split('/').pop() ?? null;
  info.counterpartyName = first('NAME');
  info.counterpartyIban = first('IBAN');
  info.counterpartyBic = provided(first('BIC'));
  const counterparty = first('CNTP');
  if (counterparty !== null) {
    const parts = counterparty.split('/');
    const nonEmpty = (value: string | undefined): string | null => (value === undefined || value.trim() === '' ? null : value.trim());
    info.counterpartyIban ??= nonEmpty(parts[0]);
    info.counterpartyBic ??= provided(nonEmpty(parts[1]));
    // iban/bic/name/city: a name with a slash in it keeps it.
    info.counterpartyName ??= nonEmpty(parts.length > 4 ? parts.slice(2, -1).join('/') : parts[2]);
  }
  const remittance = fields.find((f) => f.code === 'REMI')?.value;
  if (remittance !== undefined) {
    const structured = STRUCTURED_REMITTANCE.exec(remittance);
    const unstructured = UNSTRUCTURED_REMITTANCE.exec(remittance);
    if (structured) info.remittanceStructured = structured[1]!.replace(TRAILING_SLASHES, '').trim() || null;
    else if (unstructured) info.remittanceUnstructured = unstructured[1]!.trim() === '' ? [] : [unstructured[1]!.trim()];
    else if (remittance.trim() !== '') info.remittanceUnstructured = [remittance.trim()];
  }
  return info;
}

/** Banks write `NOTPROVIDED` for an end-to-end id or BIC the payer did not give. */
const provided = (value: string | null): string | null => (value === 'NOTPROVIDED' ? null : value);

const LABEL = /(IBAN|BIC|NAAM|OMSCHRIJVING|KENMERK|MACHTIGING|INCASSANT): ?/gi;

/** ABN AMRO's free-text SEPA layout: the type name, then `LABEL: value` pairs, a value running to the next label. */
function labelled(text: string): EntryInformation {
  const labels = [...text.matchAll(LABEL)];
  const value = (label: string): string | null => {
    const i = labels.findIndex((m) => m[1]!.toUpperCase() === label);
    if (i === -1) return null;
    const start = labels[i]!.index + labels[i]![0].length;
    const found = text.slice(start, i + 1 < labels.length ? labels[i + 1]!.index : text.length).trim();
    return found === '' ? null : found;
  };
  const typeName = text.slice(0, labels[0]?.index ?? text.length).trim();
  const remittance = value('OMSCHRIJVING');
  return {
    ...NOTHING,
    transactionTypeName: typeName === '' ? null : typeName,
    counterpartyIban: value('IBAN'),
    counterpartyBic: value('BIC'),
    counterpartyName: value('NAAM'),
    endToEndId: value('KENMERK'),
    mandateId: value('MACHTIGING'),
    creditorSchemeId: value('INCASSANT'),
    remittanceUnstructured: remittance === null ? [] : [remittance],
  };
}

/**
 * The `/CODE/value` fields of a structured `:86:`, or null when the text does not start with one. When the
 * text ends in `/` (ING closes every field with `/`, hence its `//` between fields), a value's closing slash is
 * not part of it. A field starts at each `/CODE/` found from left to right, one not overlapping the one before:
 * read slash by slash rather than by a regular expression of every code, which costs several times more.
 */
function subfields(text: string): { code: Code; value: string }[] | null {
  const starts: Array<{ code: Code; at: number; end: number }> = [];
  for (let slash = text.indexOf('/'); slash !== -1; ) {
    const close = text.indexOf('/', slash + 1);
    if (close === -1) break;
    const candidate = text.slice(slash + 1, close);
    if (IS_CODE.has(candidate)) {
      starts.push({ code: candidate as Code, at: slash, end: close + 1 });
      slash = text.indexOf('/', close + 1);
    } else slash = close;
  }
  if (starts.length === 0 || starts[0]!.at !== 0) return null;
  const closed = text.endsWith('/');
  return starts.map((start, i) => {
    let value = text.slice(start.end, i + 1 < starts.length ? starts[i + 1]!.at : text.length);
    if (closed && value.endsWith('/')) value = value.slice(0, -1);
    return { code: start.code, value };
  });
}
