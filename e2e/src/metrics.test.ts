import http from 'node:http';
import { serviceNames, type ServiceName } from '@obp/platform';
import { waitFor } from '@obp/testkit';
import { createJob, finishedJob, jobBody } from './analysis-helpers';
import { connectedConsent } from './consent-helpers';
import { startStack, type Stack } from './harness';
import { matching, parseSamples, total, type Sample } from './prometheus-samples';
import { RecordingReceiver } from './recording-receiver';

/** GET without the harness's document check: a path no route serves is not in the document, by design. */
const plainStatus = (url: string) =>
  new Promise<number>((resolve, reject) => {
    http.get(url, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    }).on('error', reject);
  });

/** Scrapes `url` over and over until the returned stop is called, handing each answer's samples to `seen`; while the service is down (connection refused) it keeps trying. */
function scrapeContinuously(url: string, seen: (samples: Sample[]) => void): () => Promise<void> {
  let scraping = true;
  const loop = (async () => {
    while (scraping) {
      try {
        const res = await fetch(url);
        if (res.status === 200) seen(parseSamples(await res.text()));
      } catch {
        // Not listening (yet).
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  return async () => {
    scraping = false;
    await loop;
  };
}

let stack: Stack;
const receiver = new RecordingReceiver();
beforeAll(async () => {
  // One refresh a day, so the second is refused for the limit. A delivery that failed is tried again every second (for a minute).
  stack = await startStack({
    consentEnv: { REFRESH_LIMIT_PER_DAY: '1' },
    webhooksEnv: { WEBHOOK_RETRY_SCHEDULE: Array.from({ length: 60 }, () => '1s').join(',') },
  });
  await receiver.start();
}, 180_000);
afterAll(async () => {
  await stack?.stop();
  await receiver.stop();
}, 180_000);

const scrape = async (service: ServiceName) => {
  const res = await fetch(`http://127.0.0.1:${stack.service(service).port()}/metrics`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return parseSamples(await res.text());
};

// The stack runs in this process, so every service's /metrics shows what all of them recorded here; each metric
// is read at the service that records it in production (otlp-export.test.ts scrapes a service process of its own).
describe('/metrics of every service after real work', () => {
  it('shows each contract metric with its labels, moved by the work; lag and backlog back to 0 once idle', async () => {
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
    for (const service of serviceNames) expect(matching(await scrape(service), 'target_info').length).toBe(1);

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

  it("shows a consumer group's lag rise while its service is down, read by the service as soon as it is back, and fall to 0 as it catches up", async () => {
    const group = `${stack.namespace}.webhooks-share-events`;
    const app = await stack.registerClient();
    const api = stack.clientWithToken(await stack.token(app));
    const path = '/lag-hook';
    expect((await api.POST('/webhooks', { body: { url: receiver.url(path), events: ['share.created'] } })).response.status).toBe(201);
    const groupLag = (samples: Sample[]) => {
      const partitions = matching(samples, 'messaging_kafka_consumer_lag', { messaging_consumer_group_name: group });
      return partitions.length > 0 ? total(partitions, 'messaging_kafka_consumer_lag') : undefined;
    };
    await waitFor(async () => groupLag(await scrape('webhooks')) === 0, { what: 'the webhooks share-events group to be idle', timeoutMs: 60_000, intervalMs: 500 });

    // The webhooks service stops: its group has no member while shares are created.
    const metricsUrl = `http://127.0.0.1:${stack.webhooks.port()}/metrics`;
    await stack.webhooks.stop();
    const shares = 60;
    for (let i = 0; i < shares; i += 10) {
      const created = await Promise.all(Array.from({ length: 10 }, () => api.POST('/shares', { body: { clientId: 'partner-app' } })));
      expect(created.map((c) => c.response.status)).toEqual(Array.from({ length: 10 }, () => 200));
    }
    await waitFor(async () => (await stack.share.relay.pendingCount()) === 0, { what: 'every share.created on the topic', timeoutMs: 60_000, intervalMs: 200 });

    // Back: its /metrics, scraped from its first answer on, reports the group's lag (asked of the broker, from the
    // group's committed offsets) before its consumer has worked through the share events, then 0.
    const lags: number[] = [];
    const stopScraping = scrapeContinuously(metricsUrl, (samples) => {
      const lag = groupLag(samples);
      if (lag !== undefined) lags.push(lag);
    });
    try {
      await stack.restartWebhooks();
      const peak = await waitFor(() => Math.max(0, ...lags) || undefined, { what: 'the restarted service to report its group behind', timeoutMs: 60_000 });
      expect(peak).toBeGreaterThan(0);
      await waitFor(() => lags.length > 0 && lags[lags.length - 1] === 0, { what: 'the group to catch up', timeoutMs: 60_000 });
    } finally {
      await stopScraping();
    }
    // What the group caught up on was the share events: each was delivered.
    await waitFor(() => receiver.on(path).length >= shares, { what: 'a webhook for every share', timeoutMs: 60_000, intervalMs: 200 });
  }, 180_000);

  it('counts failed webhook deliveries and shows the delivery waiting in the queue (depth and age) until its receiver answers 2xx again', async () => {
    const app = await stack.registerClient();
    const api = stack.clientWithToken(await stack.token(app));
    const path = '/failing-hook';
    receiver.answerOn(path, 500);
    expect((await api.POST('/webhooks', { body: { url: receiver.url(path), events: ['share.created'] } })).response.status).toBe(201);
    const runner = { job_runner: 'webhook delivery' };
    const retried = (samples: Sample[]) => total(samples, 'job_attempts_count', runner) - total(samples, 'job_attempts_bucket', { ...runner, le: '1' });
    const before = await scrape('webhooks');

    expect((await api.POST('/shares', { body: { clientId: 'partner-app' } })).response.status).toBe(200);
    const failing = await waitFor(
      async () => {
        const samples = await scrape('webhooks');
        const failed = total(samples, 'webhook_delivery_attempts_total', { outcome: 'failed' }) > total(before, 'webhook_delivery_attempts_total', { outcome: 'failed' });
        return failed && total(samples, 'job_queue_depth', runner) >= 1 && total(samples, 'job_queue_oldest_age_seconds', runner) > 0 ? samples : undefined;
      },
      { what: 'a failed attempt counted and the delivery waiting in the queue', timeoutMs: 60_000, intervalMs: 250 },
    );
    expect(receiver.on(path).length).toBeGreaterThanOrEqual(1);
    expect(total(failing, 'job_runs_total', { ...runner, outcome: 'failed' })).toBeGreaterThan(total(before, 'job_runs_total', { ...runner, outcome: 'failed' }));

    receiver.answerOn(path, 204);
    const delivered = await waitFor(
      async () => {
        const samples = await scrape('webhooks');
        const succeeded = total(samples, 'webhook_delivery_attempts_total', { outcome: 'succeeded' }) > total(failing, 'webhook_delivery_attempts_total', { outcome: 'succeeded' });
        return succeeded && total(samples, 'job_queue_depth', runner) === 0 && total(samples, 'job_queue_oldest_age_seconds', runner) === 0 ? samples : undefined;
      },
      { what: 'the delivery to succeed and the queue to empty', timeoutMs: 60_000, intervalMs: 250 },
    );
    // The delivery that succeeded was a retry: a run of attempt 2 or later was recorded.
    expect(retried(delivered)).toBeGreaterThan(retried(before));
  }, 180_000);
});
