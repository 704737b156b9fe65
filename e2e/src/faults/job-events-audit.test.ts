import { jobsNotFinishedOnce } from './job-events-audit';

const event = (id: string, type: string, job: string) => ({ id, type, data: { id: job } });

describe('jobsNotFinishedOnce', () => {
  it('passes a job created and completed once, its completion published twice under one event id', () => {
    const events = [event('e1', 'analysis-job.created', 'j1'), event('e2', 'analysis-job.completed', 'j1'), event('e2', 'analysis-job.completed', 'j1')];
    expect(jobsNotFinishedOnce(events, ['j1'])).toEqual([]);
  });

  it('names a job completed twice, one failed, and one with no completion', () => {
    const events = [
      event('e1', 'analysis-job.completed', 'j1'),
      event('e2', 'analysis-job.completed', 'j1'),
      event('e3', 'analysis-job.failed', 'j2'),
      event('e4', 'analysis-job.created', 'j3'),
    ];
    expect(jobsNotFinishedOnce(events, ['j1', 'j2', 'j3'])).toEqual([
      'job j1: 2 completion events, 0 failure events on the analysis topic',
      'job j2: 0 completion events, 1 failure events on the analysis topic',
      'job j3: 0 completion events, 0 failure events on the analysis topic',
    ]);
  });
});
