import { metrics } from '@opentelemetry/api';
import { prometheusMetrics } from './setup';

/** The sample lines of one metric (`name{labels} value`), by their full Prometheus name. */
const samples = (text: string, name: string) => text.split('\n').filter((line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `));

describe('metrics in the Prometheus text format', () => {
  it('names each metric as OpenTelemetry’s Prometheus rules do: dots to underscores, the unit’s suffix, _total on counters', async () => {
    const meter = metrics.getMeter('prometheus-test');
    meter.createHistogram('prom_test.request.duration', { unit: 's', advice: { explicitBucketBoundaries: [0.1, 1] } }).record(0.25, { 'http.route': '/notes/:id' });
    const deliveries = meter.createCounter('prom_test.deliveries', { unit: '{delivery}' });
    deliveries.add(2, { outcome: 'succeeded' });
    deliveries.add(1, { outcome: 'failed' });
    meter.createObservableGauge('prom_test.queue.oldest_age', { unit: 's' }).addCallback((result) => result.observe(42, { 'job.runner': 'notes' }));
    meter.createObservableGauge('prom_test.lag', { unit: '{message}' }).addCallback((result) => result.observe(5, { 'messaging.destination.partition.id': '0' }));

    const text = await prometheusMetrics();

    expect(text).toContain('# TYPE prom_test_request_duration_seconds histogram');
    expect(samples(text, 'prom_test_request_duration_seconds_count')).toEqual([expect.stringMatching(/http_route="\/notes\/:id".* 1$/)]);
    expect(samples(text, 'prom_test_request_duration_seconds_bucket')).toEqual([expect.stringMatching(/le="0\.1".* 0$/), expect.stringMatching(/le="1".* 1$/), expect.stringMatching(/le="\+Inf".* 1$/)]);
    expect(text).toContain('# TYPE prom_test_deliveries_total counter');
    expect(samples(text, 'prom_test_deliveries_total').sort()).toEqual([expect.stringMatching(/outcome="failed".* 1$/), expect.stringMatching(/outcome="succeeded".* 2$/)]);
    expect(samples(text, 'prom_test_queue_oldest_age_seconds')).toEqual([expect.stringMatching(/job_runner="notes".* 42$/)]);
    expect(samples(text, 'prom_test_lag')).toEqual([expect.stringMatching(/messaging_destination_partition_id="0".* 5$/)]);
    // The process's resource (the service's name) is on target_info, as Prometheus's OpenTelemetry support expects.
    expect(samples(text, 'target_info')).toEqual([expect.stringMatching(/service_name="test"/)]);
  });
});
