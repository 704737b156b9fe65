import { createdOnce } from './created-once';

const told = [
  { key: 'a', id: '1' },
  { key: 'b', id: '2' },
];

describe('createdOnce', () => {
  it('passes when each told create is listed once under its id', () => {
    expect(createdOnce('consent', [...told].reverse(), told)).toEqual({ lost: 0, doubled: 0, wrong: [] });
  });

  it('counts a create applied twice: a second resource with the same key', () => {
    const audit = createdOnce('consent', [...told, { key: 'b', id: '3' }], told);
    expect(audit).toMatchObject({ lost: 0, doubled: 1 });
    expect(audit.wrong).toEqual(['consent b: told 2, listed ["2","3"]']);
  });

  it('counts a told create that is missing, one listed under another id, and one no client was told of', () => {
    const audit = createdOnce('job', [{ key: 'b', id: '9' }, { key: 'c', id: '4' }], told);
    expect(audit).toEqual({ lost: 1, doubled: 2, wrong: ['job a: told 1, listed []', 'job b: told 2, listed ["9"]', 'job c: listed ["4"], no client was told of it'] });
  });
});
