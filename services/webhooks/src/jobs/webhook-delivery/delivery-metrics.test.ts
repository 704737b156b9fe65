import { recordedMetrics } from '@obp/testkit';
import { DeliveryMetrics } from './delivery-metrics';

const pointsOf = async (name: string) => (await recordedMetrics()).find((metric) => metric.descriptor.name === name)?.dataPoints ?? [];

describe('DeliveryMetrics', () => {
  it('counts attempts by outcome and trigger', async () => {
    const metrics = new DeliveryMetrics();
    metrics.attempted('succeeded', 'scheduled');
    metrics.attempted('succeeded', 'scheduled');
    metrics.attempted('failed', 'scheduled');
    metrics.attempted('succeeded', 'manual');

    const attempts = await pointsOf('webhook.delivery.attempts');
    const count = (outcome: string, trigger: string) => attempts.find((p) => p.attributes.outcome === outcome && p.attributes.trigger === trigger)?.value;
    expect([count('succeeded', 'scheduled'), count('failed', 'scheduled'), count('succeeded', 'manual')]).toEqual([2, 1, 1]);
  });
});
