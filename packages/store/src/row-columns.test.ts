import { fromColumns, readRows, toColumns } from './row-columns';

describe('rows as columns', () => {
  const rows = [
    { id: 'a', amount: -2.5, note: null, owner: 'o-1', day: '2026-03-02' },
    { id: 'b', amount: 10, note: 'rent', mandate: 'M-1', owner: 'o-1', day: '2026-03-02' },
    { id: 'c', amount: 0, note: null, owner: 'o-1', day: '2026-03-03', extra: undefined },
  ];

  it('reads back the rows as they were: each row only its own fields, in their order, null kept and undefined left out as JSON leaves it', () => {
    const read = fromColumns<Record<string, unknown>>(JSON.parse(JSON.stringify(toColumns(rows))));
    expect(read).toEqual(JSON.parse(JSON.stringify(rows)));
    expect(read.map((row) => Object.keys(row))).toEqual([
      ['id', 'amount', 'note', 'owner', 'day'],
      ['id', 'amount', 'note', 'mandate', 'owner', 'day'],
      ['id', 'amount', 'note', 'owner', 'day'],
    ]);
    expect(read[0]).not.toHaveProperty('mandate');
  });

  it('writes each field once, and a value every row holds once', () => {
    const columns = toColumns(rows);
    expect(columns.fields).toEqual(['id', 'amount', 'note', 'mandate', 'owner', 'day']);
    expect(columns.columns[columns.fields.indexOf('owner')]).toEqual({ same: 'o-1' });
    expect(columns.columns[columns.fields.indexOf('mandate')]).toEqual({ values: [null, 'M-1', null], absent: [0, 2] });
    expect(columns.columns[columns.fields.indexOf('note')]).toEqual({ values: [null, 'rent', null] });
    const many = Array.from({ length: 100 }, (_, i) => ({ id: `t-${i}`, consentId: 'c-1', accountId: 'a-1', amount: i }));
    expect(JSON.stringify(toColumns(many)).length).toBeLessThan(JSON.stringify(many).length / 2);
  });

  it('reads no rows, and rows written as an array of rows (the layout before) as they are', () => {
    expect(fromColumns(JSON.parse(JSON.stringify(toColumns([]))))).toEqual([]);
    expect(readRows(rows)).toBe(rows);
    expect(readRows(toColumns(rows))).toEqual(JSON.parse(JSON.stringify(rows)));
  });
});
