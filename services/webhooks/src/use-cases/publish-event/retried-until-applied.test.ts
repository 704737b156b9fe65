import { NonRetriableError, TransientError } from '@obp/bus';
import { retriedUntilApplied } from './retried-until-applied';

describe('webhook event handlers', () => {
  it('turn every failure but a NonRetriableError into a TransientError (retried until it passes)', async () => {
    const unreachable = new Error('connection refused');
    const failing = retriedUntilApplied(async () => {
      throw unreachable;
    });
    const thrown = await failing().catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(TransientError);
    expect(thrown).toMatchObject({ message: 'connection refused', cause: unreachable });

    const neverApplicable = new NonRetriableError('bad data');
    await expect(
      retriedUntilApplied(async () => {
        throw neverApplicable;
      })(),
    ).rejects.toBe(neverApplicable);
  });

  it('pass the arguments through', async () => {
    const seen: unknown[] = [];
    await retriedUntilApplied(async (a: number, b: string) => void seen.push(a, b))(1, 'two');
    expect(seen).toEqual([1, 'two']);
  });
});
