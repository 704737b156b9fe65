/**
 * Attempts under way by endpoint in this process, shared by the first attempts made while consuming
 * and the deliveries of the stored queue: at most `perEndpoint` to one endpoint at once, whichever
 * path makes them. A freed slot goes to the longest waiter first.
 */
export class EndpointSlots {
  private readonly inUse = new Map<string, number>();
  private readonly waiting = new Map<string, Array<() => void>>();

  constructor(readonly perEndpoint: number) {}

  held(endpointId: string): number {
    return this.inUse.get(endpointId) ?? 0;
  }

  /** Takes a slot if one is free and nobody waits for one; false otherwise. */
  tryTake(endpointId: string): boolean {
    if (this.held(endpointId) >= this.perEndpoint || this.waiting.has(endpointId)) return false;
    this.inUse.set(endpointId, this.held(endpointId) + 1);
    return true;
  }

  /** Takes a slot, waiting for one to be released. */
  take(endpointId: string): Promise<void> {
    if (this.tryTake(endpointId)) return Promise.resolve();
    return new Promise((resolve) => {
      const queue = this.waiting.get(endpointId);
      if (queue) queue.push(resolve);
      else this.waiting.set(endpointId, [resolve]);
    });
  }

  release(endpointId: string): void {
    const queue = this.waiting.get(endpointId);
    const next = queue?.shift();
    if (next) {
      // The slot passes to the waiter as it is: the count stays.
      if (queue!.length === 0) this.waiting.delete(endpointId);
      next();
      return;
    }
    const held = this.held(endpointId);
    if (held > 1) this.inUse.set(endpointId, held - 1);
    else this.inUse.delete(endpointId);
  }
}
