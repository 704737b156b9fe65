import { feedbackBodyFixture } from './feedback-body.fixture';
import { categoryPaths, counterpartyKey, decide, isNewer, newFeedbackItem, replacedBy, toFeedbackItemDto, type FeedbackItem } from './feedback-item';

const T0 = new Date('2026-11-01T10:00:00Z');
const later = (ms: number) => new Date(T0.getTime() + ms);

const body = feedbackBodyFixture;

const item = (id: string, at: Date, overrides: Partial<FeedbackItem> = {}): FeedbackItem => ({ ...newFeedbackItem(id, 'app', body(), at), ...overrides });

describe('a feedback item', () => {
  it('is Pending when submitted, with the transaction, the original and target categorisation, and its submission in the history', () => {
    const submitted = newFeedbackItem('f-1', 'app', body(), T0);
    expect(submitted).toMatchObject({
      status: 'Pending',
      original: { category: 'expenses.shopping', flags: [] },
      target: { category: 'expenses.groceries.organic', flags: [] },
      transaction: { transactionId: body().transactionId, amount: -42.5, counterpartDescription: 'Ekoplaza Utrecht' },
      history: [{ at: T0, event: 'submitted', by: 'app', note: null }],
    });
    expect(toFeedbackItemDto(submitted)).toMatchObject({ id: 'f-1', createdAt: T0.toISOString(), reviewedAt: null, history: [{ at: T0.toISOString(), event: 'submitted' }] });
  });

  it('is accepted or rejected once, keeping who decided, when and why', () => {
    const accepted = decide(item('f-1', T0), 'Accepted', 'reviewer-1', 'Right: organic shop', later(1000));
    expect(accepted).toMatchObject({ status: 'Accepted', reviewedAt: later(1000), reviewNote: 'Right: organic shop' });
    expect((accepted as FeedbackItem).history.at(-1)).toEqual({ at: later(1000), event: 'accepted', by: 'reviewer-1', note: 'Right: organic shop' });
    expect(decide(accepted as FeedbackItem, 'Rejected', 'reviewer-2', null, later(2000))).toEqual({ kind: 'not-pending', status: 'Accepted' });
    expect(decide(item('f-2', T0), 'Rejected', 'reviewer-1', null, later(1000))).toMatchObject({ status: 'Rejected', history: [{ event: 'submitted' }, { event: 'rejected', by: 'reviewer-1' }] });
    expect(decide(item('f-3', T0, { status: 'Superseded' }), 'Accepted', 'r', null, T0)).toEqual({ kind: 'not-pending', status: 'Superseded' });
  });

  it('orders items by arrival, and by id when they arrived at the same instant', () => {
    expect(isNewer(item('a', later(1)), item('b', T0))).toBe(true);
    expect(isNewer(item('a', T0), item('b', later(1)))).toBe(false);
    expect(isNewer(item('b', T0), item('a', T0))).toBe(true);
    expect(isNewer(item('a', T0), item('a', T0))).toBe(false);
  });

  it('is superseded while Pending by a newer item, retired when Accepted only by a newer Accepted one, and left alone otherwise', () => {
    const newer = item('f-2', later(5000));
    expect(replacedBy(item('f-1', T0), newer, later(6000))).toMatchObject({ status: 'Superseded', supersededBy: 'f-2', history: [{ event: 'submitted' }, { event: 'superseded', at: later(6000) }] });
    // Not by an older one, nor by itself.
    expect(replacedBy(newer, item('f-1', T0), later(6000))).toBeNull();
    expect(replacedBy(newer, newer, later(6000))).toBeNull();

    const accepted = item('f-1', T0, { status: 'Accepted' });
    expect(replacedBy(accepted, newer, later(6000))).toBeNull();
    expect(replacedBy(accepted, { ...newer, status: 'Accepted' }, later(6000))).toMatchObject({ status: 'Superseded', supersededBy: 'f-2', history: [{ event: 'submitted' }, { event: 'retired' }] });
    expect(replacedBy(item('f-1', T0, { status: 'Rejected' }), { ...newer, status: 'Accepted' }, later(6000))).toBeNull();
    // Applied once: a replaced item is not replaced again.
    const superseded = replacedBy(item('f-1', T0), newer, later(6000))!;
    expect(replacedBy(superseded, item('f-3', later(9000)), later(9000))).toBeNull();
  });

  it('is found under its counterparty: the account number without spaces, upper-case, or else the name', () => {
    expect(counterpartyKey(item('f', T0).transaction)).toBe('account:NL91ABNA0417164300');
    expect(counterpartyKey({ ...item('f', T0).transaction, counterpartAccountNumber: null, counterpartDescription: '  Ekoplaza   UTRECHT ' })).toBe('name:ekoplaza utrecht');
    expect(counterpartyKey({ ...item('f', T0).transaction, counterpartAccountNumber: ' ', counterpartDescription: null })).toBeNull();
  });

  it('is found under every prefix of its original and target categories', () => {
    expect(categoryPaths(item('f', T0))).toEqual(['expenses', 'expenses.groceries', 'expenses.groceries.organic', 'expenses.shopping']);
  });
});
