/**
 * Rows (objects whose fields hold JSON values) written as columns: each field's name once with its values in row
 * order, and a field every row holds with one value once (a bucket's consent, account, owner, fetch). JSON of a
 * bucket's rows so is about half as long as the rows' own, so that writing, compressing and reading it cost less
 * (docs/decisions.md, "Statement import throughput (issue 26)").
 */
export interface RowColumns {
  rows: number;
  /** The fields in the order the rows hold them. */
  fields: string[];
  /** Per field: the one value every row holds, or each row's value (null where the row has not the field: `absent`). */
  columns: Array<{ same: unknown } | { values: unknown[]; absent?: number[] }>;
}

const ABSENT = Symbol('absent');

/**
 * The rows as columns. A row's fields keep their order: a field one row has and the rows before it had not is placed
 * after the field it follows in that row. A field whose value is `undefined` is absent, as JSON leaves it out.
 */
export function toColumns(rows: readonly object[]): RowColumns {
  const n = rows.length;
  const fields: string[] = [];
  const values = new Map<string, unknown[]>();
  for (let i = 0; i < n; i++) {
    const row = rows[i] as Record<string, unknown>;
    let previous: string | null = null;
    for (const field in row) {
      const value = row[field];
      if (value === undefined) continue;
      let column = values.get(field);
      if (column === undefined) {
        column = new Array<unknown>(n).fill(ABSENT);
        values.set(field, column);
        fields.splice(previous === null ? 0 : fields.indexOf(previous) + 1, 0, field);
      }
      column[i] = value;
      previous = field;
    }
  }
  const columns = fields.map((field): RowColumns['columns'][number] => {
    const column = values.get(field)!;
    const first = column[0];
    let same = first !== ABSENT;
    let absent: number[] | undefined;
    for (let i = 0; i < n; i++) {
      const value = column[i];
      if (value === ABSENT) {
        (absent ??= []).push(i);
        column[i] = null;
        same = false;
      } else if (value !== first) same = false;
    }
    if (same) return { same: first };
    return absent ? { values: column, absent } : { values: column };
  });
  return { rows: n, fields, columns };
}

/** The rows of `toColumns`, their fields in the order they had. */
export function fromColumns<Row>(encoded: RowColumns): Row[] {
  const n = encoded.rows;
  const rows: Array<Record<string, unknown>> = new Array<Record<string, unknown>>(n);
  for (let i = 0; i < n; i++) rows[i] = {};
  encoded.fields.forEach((field, f) => {
    const column = encoded.columns[f]!;
    if ('same' in column) {
      for (let i = 0; i < n; i++) rows[i]![field] = column.same;
      return;
    }
    const { values, absent } = column;
    if (!absent) {
      for (let i = 0; i < n; i++) rows[i]![field] = values[i];
      return;
    }
    const skip = new Uint8Array(n);
    for (const i of absent) skip[i] = 1;
    for (let i = 0; i < n; i++) if (skip[i] === 0) rows[i]![field] = values[i];
  });
  return rows as Row[];
}

/** Rows as stored: as columns (`toColumns`), or the array of rows itself as written before. */
export const readRows = <Row>(stored: RowColumns | Row[]): Row[] => (Array.isArray(stored) ? stored : fromColumns<Row>(stored));
