/**
 * A bank's reference of an entry, or null where it writes a placeholder for none (`NOTPROVIDED`, `NONREF`, `NONE`).
 * A placeholder is no reference: as one, it would be the same for many entries, and an import that stores each
 * transaction once by its reference would keep one of them and drop the others as stored before.
 */
const PLACEHOLDER = /^(NOTPROVIDED|NONREF|NONE|NOREF)$/i;

export function bankReferenceOf(written: string | null | undefined): string | null {
  const value = written?.trim() ?? '';
  return value === '' || PLACEHOLDER.test(value) ? null : value;
}
