/**
 * Writes many callers' items together: an item submitted while a flush is under way (or in the same
 * turn of the event loop as others) waits for the next flush and goes with everything submitted
 * meanwhile, so the store's round trips are shared by as many items as came in during one. With
 * nothing under way an item is flushed at once (no timer, no added wait).
 */
export class GroupCommit<In, Out> {
  private waiting: Array<{ item: In; resolve: (out: Out) => void; reject: (error: unknown) => void }> = [];
  private flushing = 0;
  private pumpQueued = false;

  constructor(
    /** Writes a lot; answers one result per item, in the same order. */
    private readonly flush: (items: In[]) => Promise<Out[]>,
    private readonly options: { maxBatch: number; maxParallel: number },
  ) {}

  submit(item: In): Promise<Out> {
    return new Promise<Out>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      if (this.pumpQueued) return;
      this.pumpQueued = true;
      queueMicrotask(() => {
        this.pumpQueued = false;
        this.pump();
      });
    });
  }

  private pump(): void {
    while (this.flushing < this.options.maxParallel && this.waiting.length > 0) {
      const lot = this.waiting.splice(0, this.options.maxBatch);
      this.flushing++;
      this.flush(lot.map((w) => w.item))
        .then(
          (outs) => {
            if (outs.length !== lot.length) throw new Error(`a flush of ${lot.length} answered ${outs.length} results`);
            lot.forEach((w, i) => w.resolve(outs[i]!));
          },
          (error: unknown) => lot.forEach((w) => w.reject(error)),
        )
        .catch((error: unknown) => lot.forEach((w) => w.reject(error)))
        .finally(() => {
          this.flushing--;
          this.pump();
        });
    }
  }
}
