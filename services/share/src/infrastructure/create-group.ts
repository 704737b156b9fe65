import { sumDeltas, type CountDelta } from '../domain/share-list';

/**
 * The creates that took their positions in one block with one update of their list, under one intent: settled
 * once, with the sum of their deltas, when the last of them has written its share. If any of them failed or gave
 * up, the intent is left as it is for the reconciler (a failed write may still have been applied), and the block is
 * counted from its shares until then, as for a single change that stopped.
 */
export class CreateGroup {
  private remaining: number;
  private delta: CountDelta | null = null;
  private failed = false;
  private readonly settled: Promise<void>;
  private finish!: () => void;

  constructor(
    readonly token: string,
    readonly block: number,
    members: number,
    settle: (delta: CountDelta | null) => Promise<void>,
  ) {
    this.remaining = members;
    this.settled = new Promise<void>((resolve) => (this.finish = resolve)).then(() => (this.failed ? undefined : settle(this.delta)));
  }

  /** A member's share written (`delta` what it adds to the block): resolves once the group is settled. */
  written(delta: CountDelta | null): Promise<void> {
    this.delta = sumDeltas(this.delta, delta);
    this.leave();
    return this.settled;
  }

  /** A member that failed or gave up: the group's intent is left to the reconciler. */
  abandoned(): void {
    this.failed = true;
    this.leave();
  }

  private leave(): void {
    if (--this.remaining === 0) this.finish();
  }
}
