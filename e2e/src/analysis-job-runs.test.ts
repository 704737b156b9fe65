import { randomUUID } from 'node:crypto';
import type { AnalysisJobDto } from '@obp/contracts';
import { uuidv7, uuidv7Time } from '@obp/core';
import { recordedMetrics, waitFor } from '@obp/testkit';
import { createJob, finishedJob, getJob, getResult, jobBody } from './analysis-helpers';
import { connectedConsent, createConsent, decide, recordTopic } from './consent-helpers';
import { startStack, type Stack } from './harness';
import { RecordingReceiver, verifiedMessage } from './recording-receiver';

describe('analysis job runs', () => {
  let stack: Stack;
  let token: string;
  let consentId: string;
  const receiver = new RecordingReceiver();

  beforeAll(async () => {
    await receiver.start();
    // Every run waits 2.5 s before it computes, so the test can stop the service in the middle of one. A job
    // waits 10 minutes for a consent it has not seen to reach it: one that fails within a test did not wait.
    stack = await startStack({
      analysisEnv: { ANALYSIS_TEST_DELAY_MS: '2500', ANALYSIS_LEASE_MS: '3000', ANALYSIS_VISIBILITY_WAIT_MS: '600000' },
      webhooksEnv: { WEBHOOK_RETRY_SCHEDULE: '1s,1s,1s' },
    });
    token = await stack.token(await stack.registerClient());
    ({ consentId } = await connectedConsent(stack, token, { externalUserId: `runs-${Date.now()}` }));
  });
  afterAll(async () => {
    await stack.stop();
    await receiver.stop();
  });

  it('completes a job once, with one result and one completed event, when the service stops in the middle of its run and starts again', async () => {
    const recorder = await recordTopic(stack.kafkaBrokers, stack.analysisEventsTopic);
    try {
      const id = await createJob(stack, token, jobBody([consentId], { Reference: 'interrupted' }));
      const running = await waitFor(async () => {
        const job = await getJob(stack, token, id);
        return job.status === 'Running' ? job : undefined;
      }, { what: 'the job to run', timeoutMs: 30_000, intervalMs: 50 });
      await stack.analysis.stop();
      const restartedAt = Date.now();
      await stack.restartAnalysis();

      const job = await finishedJob(stack, token, id);
      expect(job).toMatchObject({ status: 'Completed', startedAt: running.startedAt, failure: null });
      expect(Date.parse(job.completedAt!)).toBeGreaterThan(restartedAt);
      expect((await getResult(stack, token, id)).jobId).toBe(id);
      expect(await stack.analysis.db.collection('analysis_results').countDocuments({ _id: id } as object)).toBe(1);

      const ofJob = (type: string) => recorder.events(type).filter((e) => (e.data as AnalysisJobDto).id === id);
      await waitFor(() => ofJob('analysis-job.completed').length > 0, { what: 'analysis-job.completed' });
      // Whatever a second completion would have published would be out by now.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(ofJob('analysis-job.created')).toHaveLength(1);
      expect(ofJob('analysis-job.completed')).toHaveLength(1);
      expect(ofJob('analysis-job.failed')).toHaveLength(0);
      expect((ofJob('analysis-job.completed')[0]!.data as AnalysisJobDto).status).toBe('Completed');
    } finally {
      await recorder.stop();
    }
  });

  it('tells the app’s webhook endpoint of completed and failed jobs, signed per Standard Webhooks', async () => {
    const path = `/hooks/${randomUUID()}`;
    const { data, response } = await stack.clientWithToken(token).POST('/webhooks', { body: { url: receiver.url(path), events: ['analysis-job.completed', 'analysis-job.failed'] } });
    expect(response.status).toBe(201);
    const { secret } = data.data;

    const completedId = await createJob(stack, token, jobBody([consentId], { Reference: 'hooked', Engine: 'z2' }));
    const failedId = await createJob(stack, token, jobBody([randomUUID()], { Reference: 'hooked and failed' }));
    const [completed, failed] = [await finishedJob(stack, token, completedId), await finishedJob(stack, token, failedId)];

    const messages = await waitFor(() => {
      const mine = receiver.received.filter((r) => r.path === path);
      return mine.length >= 2 ? mine : undefined;
    }, { what: 'both webhook messages', timeoutMs: 30_000 });
    const bodies = messages.map((m) => verifiedMessage(m, secret));
    expect(bodies.find((b) => b.type === 'analysis-job.completed')?.data).toEqual({ analysisJobId: completedId, reference: 'hooked', status: 'Completed', completedAt: completed.completedAt });
    expect(bodies.find((b) => b.type === 'analysis-job.failed')?.data).toEqual({
      analysisJobId: failedId,
      reference: 'hooked and failed',
      status: 'Failed',
      failure: { code: 'NoData', message: failed.failure!.message },
      completedAt: failed.completedAt,
    });
  });

  it('fails a job naming only ids that name nothing with NoData without waiting for them to become visible, and still runs one on a consent made a moment ago', async () => {
    const created = await createConsent(stack, token, { externalUserId: `fresh-${Date.now()}` });
    expect(uuidv7Time(created.consentId)).not.toBeNull();
    await decide(created.consentUrl, 'approve');
    const fresh = await createJob(stack, token, jobBody([created.consentId], { Reference: 'fresh consent' }));
    const nothing = [
      await createJob(stack, token, jobBody([randomUUID()], { Reference: 'random id' })),
      await createJob(stack, token, jobBody([uuidv7(Date.now() - 3_600_000)], { Reference: 'an hour-old id' })),
      await createJob(stack, token, jobBody([], { Reference: 'random account', Input: { accountIds: [randomUUID()] } })),
    ];
    // Finished before the visibility wait (10 minutes) could have ended: none of them waited for it.
    for (const id of nothing) expect(await finishedJob(stack, token, id)).toMatchObject({ status: 'Failed', failure: { code: 'NoData' }, waitingFor: null });
    expect(await finishedJob(stack, token, fresh)).toMatchObject({ status: 'Completed', failure: null });
    expect((await getResult(stack, token, fresh)).jobId).toBe(fresh);
  });

  it('counts runs by outcome and records their durations', async () => {
    const points = async (name: string) => (await recordedMetrics()).find((m) => m.descriptor.name === name)?.dataPoints ?? [];
    const runs = (await points('job.runs')).filter((p) => p.attributes['job.runner'] === 'analysis jobs');
    expect(runs.some((p) => p.attributes.outcome === 'completed' && Number(p.value) >= 1)).toBe(true);
    expect(runs.some((p) => p.attributes.outcome === 'failed' && Number(p.value) >= 1)).toBe(true);
    expect((await points('analysis.job.run.duration')).some((p) => p.attributes.outcome === 'failed' && p.attributes.code === 'NoData')).toBe(true);
    expect((await points('analysis.job.duration')).length).toBeGreaterThan(0);
  });
});
