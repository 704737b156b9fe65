import { recordedMetrics } from '@obp/testkit';
import { AnalysisMetrics } from './analysis-metrics';

const pointsOf = async (name: string) => (await recordedMetrics()).find((metric) => metric.descriptor.name === name)?.dataPoints ?? [];

describe('AnalysisMetrics', () => {
  it('records durations of runs by outcome, engine and code, and of finished jobs', async () => {
    const metrics = new AnalysisMetrics();
    const createdAt = new Date(Date.now() - 5_000);
    metrics.ran('completed', { engine: 'e1' }, 120, createdAt);
    metrics.ran('completed', { engine: 'e1' }, 80, createdAt);
    metrics.ran('failed', { engine: 'z2', code: 'NoData' }, 10, createdAt);
    metrics.ran('waiting', { engine: 'e1' }, 5, createdAt);

    const runs = await pointsOf('analysis.job.run.duration');
    const count = (outcome: string, engine: string) => (runs.find((p) => p.attributes.outcome === outcome && p.attributes.engine === engine)?.value as { count: number } | undefined)?.count;
    expect([count('completed', 'e1'), count('failed', 'z2'), count('waiting', 'e1')]).toEqual([2, 1, 1]);
    expect(runs.find((p) => p.attributes.outcome === 'failed')?.attributes.code).toBe('NoData');
    const finished = (await pointsOf('analysis.job.duration')).map((p) => p.value as { count: number });
    expect(finished.reduce((sum, v) => sum + v.count, 0)).toBe(3);
  });
});
