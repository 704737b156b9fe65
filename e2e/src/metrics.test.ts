import http from 'node:http';
import { waitFor } from '@obp/testkit';
import { createJob, finishedJob, jobBody } from './analysis-helpers';
import { connectedConsent } from './consent-helpers';
import { startStack, type Stack } from './harness';
import { RecordingReceiver } from './recording-receiver';

/** One sample of the Prometheus text: `name{labels} value`. */
interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

function parseSamples(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) continue;
    const labels: Record<string, string> = {};
    for (const [, name, value] of (match[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) labels[name!] = value!.replace(/\\(.)/g, '$1');
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

/** The samples of `name` whose labels include `labels`. */
const matching = (samples: Sample[], name: string, labels: Record<string, string> = {}) => samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
const total = (samples: Sample[], name: string, labels: Record<string, string> = {}) => matching(samples, name, labels).reduce((sum, s) => sum + s.value, 0);

/** GET without the harness's document check: a path no route serves is not in the document, by design. */
const plainStatus = (url: string) =>
  new Promise<number>((resolve, reject) => {
    http.get(url, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    }).on('error', reject);
  });

let stack: Stack;
const receiver = new RecordingReceiver();
beforeAll(async () => {
  // One refresh a day, so the second is refused for the limit.
  stack = await startStack({ consentEnv: { REFRESH_LIMIT_PER_DAY: '1' } });
  await receiver.start();
}, 120_000);
afterAll(async () => {
  await stack?.stop();
  await receiver.stop();
});

// The stack runs in this process, so every service's /metrics shows what all of them recorded here; each metric
// is read at the service that records it in production (otlp-export.test.ts scrapes a service process of its own).
describe('/metrics of every service after real work', () => {
  it('shows each contract metric with its labels, moved by the work; lag and backlog back to 0 once idle', async () => {
    const services = { edge: stack.edge, share: stack.share, consent: stack.consent, 'sequencing-engine': stack.sequencing, webhooks: stack.webhooks, analysis: stack.analysis, feedback: stack.feedback };
    const scrape = async (service: keyof typeof services) => {
      const res = await fetch(`http://127.0.0.1:${services[service].port()}/metrics`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      return parseSamples(await res.text());
    };
    const before = await scrape('edge');

    const token = await stack.token(await stack.registerClient());
    const path = '/metrics-hook';
    const api = stack.clientWithToken(token);
    const hook = await api.POST('/webhooks', { body: { url: receiver.url(path), events: ['share.created'] } });
    expect(hook.response.status).toBe(201);
    expect((await api.POST('/shares', { body: { clientId: 'partner-app' } })).response.status).toBe(200);
    const { consentId } = await connectedConsent(stack, token);
    const job = await finishedJob(stack, token, await createJob(stack, token, jobBody([consentId])));
    expect(job.status).toBe('Completed');
    expect((await api.POST('/consents/{id}/refresh', { params: { path: { id: consentId } } })).response.status).toBe(202);
    // Raw HTTP: the 429 is counted once, as sent.
    expect((await stack.api(token, `/consents/${consentId}/refresh`, { method: 'POST' })).status).toBe(429);
    expect(await plainStatus(`${stack.baseUrl}/no-such-route`)).toBe(404);
    await waitFor(() => receiver.on(path).length > 0, { what: 'the share.created webhook', timeoutMs: 30_000 });

    // Every service serves its metrics, with the process's resource on target_info.
    for (const service of Object.keys(services) as Array<keyof typeof services>) expect(matching(await scrape(service), 'target_info').length).toBe(1);

    // HTTP: per method, route template and status; a request no route served under no route.
    const edge = await scrape('edge');
    const moved = (labels: Record<string, string>) => total(edge, 'http_server_request_duration_seconds_count', labels) - total(before, 'http_server_request_duration_seconds_count', labels);
    expect(moved({ http_request_method: 'POST', http_route: '/shares', http_response_status_code: '200' })).toBeGreaterThan(0);
    expect(moved({ http_request_method: 'POST', http_route: '/consents/:id/refresh', http_response_status_code: '429' })).toBeGreaterThan(0);
    const unrouted = (samples: Sample[]) => total(samples.filter((s) => s.labels.http_route === undefined), 'http_server_request_duration_seconds_count', { http_request_method: 'GET', http_response_status_code: '404' });
    expect(unrouted(edge) - unrouted(before)).toBe(1);
    expect(matching(edge, 'http_server_request_duration_seconds_bucket', { http_route: '/shares', le: '+Inf' }).length).toBeGreaterThan(0);

    // Jobs: runs by outcome, which attempt each was, and the queues.
    const consent = await scrape('consent');
    expect(total(consent, 'job_runs_total', { job_runner: 'consent fetch', outcome: 'updated' })).toBeGreaterThanOrEqual(1);
    expect(total(consent, 'job_attempts_count', { job_runner: 'consent fetch' })).toBeGreaterThanOrEqual(1);
    expect(total(consent, 'consent_refresh_rejections_total')).toBe(1);
    const analysis = await scrape('analysis');
    expect(total(analysis, 'job_runs_total', { job_runner: 'analysis jobs', outcome: 'completed' })).toBe(1);
    expect(matching(analysis, 'job_queue_depth', { job_runner: 'analysis jobs' }).length).toBe(1);
    expect(matching(analysis, 'job_queue_oldest_age_seconds', { job_runner: 'analysis jobs' }).length).toBe(1);
    const webhooks = await scrape('webhooks');
    expect(total(webhooks, 'webhook_delivery_attempts_total', { outcome: 'succeeded' })).toBeGreaterThanOrEqual(1);
    expect(total(webhooks, 'job_runs_total', { job_runner: 'webhook delivery', outcome: 'succeeded' })).toBeGreaterThanOrEqual(1);
    expect(total(webhooks, 'job_attempts_count', { job_runner: 'webhook delivery' })).toBeGreaterThanOrEqual(1);

    // Once idle: every consumer group of the stack has caught up on every partition, every outbox is empty.
    const idle = await waitFor(
      async () => {
        const samples = await scrape('share');
        const lag = matching(samples, 'messaging_kafka_consumer_lag').filter((s) => s.labels.messaging_consumer_group_name?.startsWith(`${stack.namespace}.`));
        const backlog = matching(samples, 'outbox_backlog');
        return lag.length > 0 && lag.every((s) => s.value === 0) && backlog.length > 0 && backlog.every((s) => s.value === 0) ? samples : undefined;
      },
      { what: 'every group to catch up and every outbox to drain', timeoutMs: 60_000, intervalMs: 500 },
    );
    const lag = matching(idle, 'messaging_kafka_consumer_lag').filter((s) => s.labels.messaging_consumer_group_name?.startsWith(`${stack.namespace}.`));
    const groups = new Set(lag.map((s) => s.labels.messaging_consumer_group_name));
    expect(groups).toContain(`${stack.namespace}.webhooks-share-events`);
    expect(lag.every((s) => s.labels.messaging_destination_name !== undefined && s.labels.messaging_destination_partition_id !== undefined)).toBe(true);
    expect(matching(idle, 'outbox_backlog', { outbox: 'shares' }).map((s) => s.value)).toEqual([0]);
    expect(matching(idle, 'outbox_oldest_age_seconds', { outbox: 'shares' }).map((s) => s.value)).toEqual([0]);
  });
});
