import type { CreateAnalysisJobBody } from '@obp/contracts';
import { awaitData, claimRun, completeJob, failJob, holdsRun, isRunDue, newJob, renewLease, retryLater, runDueAt, toAnalysisJobDto, wakeUp } from './analysis-job';

const NOW = new Date('2026-11-01T12:00:00Z');
const at = (ms: number) => new Date(NOW.getTime() + ms);
const consentId = '3f2504e0-4f89-11d3-9a0c-0305e82c3301';

const body: CreateAnalysisJobBody = {
  Reference: 'ref',
  Engine: 'e1',
  Profile: 'retail',
  CountryCode: 'nl',
  Input: { consentIds: [consentId, consentId], userIds: null, externalUserIds: null, accountIds: null, analysisJobIds: null },
  Metadata: { kvk_number: null, internal_ibans: ['NL91ABNA0417164300'] },
};

describe('an analysis job', () => {
  it('is created Pending and due at once, with its one kind of input (duplicates dropped)', () => {
    const job = newJob('job-1', 'app', body, NOW);
    expect(job).toMatchObject({ status: 'Pending', input: { kind: 'consentIds', values: [consentId] }, internalIbans: ['NL91ABNA0417164300'], run: { claims: 0, failures: 0, waitingFor: [] } });
    expect(isRunDue(job, NOW)).toBe(true);
  });

  it('is Running under a lease while a worker holds its claim; another claim or a lapsed lease ends that', () => {
    const claimed = claimRun(newJob('job-1', 'app', body, NOW), NOW, 30_000, 1);
    expect(claimed).toMatchObject({ status: 'Running', startedAt: NOW, run: { claims: 1, leaseUntil: at(30_000) } });
    expect(isRunDue(claimed, at(29_999))).toBe(false);
    expect(isRunDue(claimed, at(30_000))).toBe(true);
    expect(holdsRun(claimed, 1)).toBe(true);
    const renewed = renewLease(claimed, at(10_000), 30_000);
    expect(runDueAt(renewed.run!)).toEqual(at(40_000));
    const taken = claimRun(claimed, at(31_000), 30_000, 2);
    expect(taken.startedAt).toEqual(NOW);
    expect(holdsRun(taken, 1)).toBe(false);
  });

  it('waits for data, still Running and saying what for, until an event wakes it, it looks again, or its wait ends', () => {
    const claimed = claimRun(newJob('job-1', 'app', body, NOW), NOW, 30_000, 1);
    const wait = { ids: [consentId], reason: 'first-fetch' as const };
    const waiting = awaitData(claimed, wait, at(1_000), { dataWaitMs: 20_000, recheckMs: 5_000 });
    expect(waiting).toMatchObject({ status: 'Running', startedAt: NOW, run: { notBefore: at(6_000), leaseUntil: null, waitingFor: [consentId] } });
    expect(holdsRun(waiting, 1)).toBe(false);
    expect(toAnalysisJobDto(waiting)).toMatchObject({ status: 'Running', waitingFor: 'first-fetch' });
    expect(awaitData(claimed, wait, at(18_000), { dataWaitMs: 20_000, recheckMs: 5_000 }).run!.notBefore).toEqual(at(20_000));
    const woken = wakeUp(waiting, at(2_000));
    expect(woken.run).toMatchObject({ notBefore: at(2_000), waitingFor: [] });
    expect(toAnalysisJobDto(woken)).toMatchObject({ status: 'Running', waitingFor: null });
    expect(toAnalysisJobDto(claimRun(woken, at(2_000), 30_000, 2))).toMatchObject({ status: 'Running', startedAt: NOW.toISOString(), waitingFor: null });
  });

  it('backs off further with each transient failure in a row, and is never given up', () => {
    let job = claimRun(newJob('job-1', 'app', body, NOW), NOW, 30_000, 1);
    const delays: number[] = [];
    for (let i = 0; i < 6; i++) {
      job = retryLater(job, NOW, { baseMs: 1_000, maxMs: 8_000 });
      delays.push(job.run!.notBefore.getTime() - NOW.getTime());
      job = claimRun(job, job.run!.notBefore, 30_000, job.run!.claims + 1);
    }
    expect(delays).toEqual([1_000, 2_000, 4_000, 8_000, 8_000, 8_000]);
    expect(job.status).toBe('Running');
    expect(retryLater(job, NOW, { baseMs: 1_000, maxMs: 8_000 })).toMatchObject({ status: 'Running', run: { leaseUntil: null } });
  });

  it('ends Completed with what it was computed from, or Failed with a reason; either leaves the queue', () => {
    const claimed = claimRun(newJob('job-1', 'app', body, NOW), NOW, 30_000, 1);
    const completed = completeJob(claimed, { consentIds: [consentId], accountIds: ['a'] }, at(5_000));
    expect(completed).toMatchObject({ status: 'Completed', completedAt: at(5_000), run: null, scope: { consentIds: [consentId] } });
    const failed = failJob(claimed, { code: 'NoData', message: 'nothing' }, at(5_000));
    expect(toAnalysisJobDto(failed)).toEqual({
      id: 'job-1',
      reference: 'ref',
      engine: 'e1',
      profile: 'retail',
      countryCode: 'nl',
      input: { consentIds: [consentId], userIds: null, externalUserIds: null, accountIds: null, analysisJobIds: null },
      metadata: { kvk_number: null, internal_ibans: ['NL91ABNA0417164300'] },
      status: 'Failed',
      waitingFor: null,
      createdAt: NOW.toISOString(),
      startedAt: NOW.toISOString(),
      completedAt: at(5_000).toISOString(),
      failure: { code: 'NoData', message: 'nothing' },
      resultErasedAt: null,
    });
  });
});
