import { EndpointSlots } from './endpoint-slots';

describe('EndpointSlots', () => {
  it('gives at most perEndpoint slots of one endpoint, each endpoint on its own', () => {
    const slots = new EndpointSlots(2);
    expect([slots.tryTake('a'), slots.tryTake('a'), slots.tryTake('a')]).toEqual([true, true, false]);
    expect(slots.tryTake('b')).toBe(true);
    expect([slots.held('a'), slots.held('b')]).toEqual([2, 1]);
    slots.release('a');
    expect(slots.tryTake('a')).toBe(true);
  });

  it('hands a released slot to the longest waiter, and takes none for tryTake while anyone waits', async () => {
    const slots = new EndpointSlots(1);
    await slots.take('a');
    const order: string[] = [];
    const first = slots.take('a').then(() => order.push('first'));
    const second = slots.take('a').then(() => order.push('second'));
    slots.release('a');
    // The slot passed to the first waiter: still one held, and the second still waits ahead of any tryTake.
    expect(slots.tryTake('a')).toBe(false);
    await first;
    expect(order).toEqual(['first']);
    expect(slots.held('a')).toBe(1);
    slots.release('a');
    await second;
    expect(order).toEqual(['first', 'second']);
    slots.release('a');
    expect(slots.held('a')).toBe(0);
  });
});
