/** An event read from the analysis topic: its event id, type and the job it is about. */
export interface JobEvent {
  id: string;
  type: string;
  data: { id: string };
}

/**
 * The jobs whose events on the analysis topic do not say they finished exactly once: one `analysis-job.completed`
 * event and no `analysis-job.failed`. An event published again (the relay's retry) has the same event id and counts
 * once; a second completion, a job run twice, is a second event id. A line per such job.
 */
export function jobsNotFinishedOnce(events: readonly JobEvent[], jobIds: readonly string[]): string[] {
  const finished = new Map<string, { completed: Set<string>; failed: Set<string> }>();
  for (const event of events) {
    if (event.type !== 'analysis-job.completed' && event.type !== 'analysis-job.failed') continue;
    const ofJob = finished.get(event.data.id) ?? { completed: new Set<string>(), failed: new Set<string>() };
    (event.type === 'analysis-job.completed' ? ofJob.completed : ofJob.failed).add(event.id);
    finished.set(event.data.id, ofJob);
  }
  const wrong: string[] = [];
  for (const id of jobIds) {
    const ofJob = finished.get(id);
    const completed = ofJob?.completed.size ?? 0;
    const failed = ofJob?.failed.size ?? 0;
    if (completed !== 1 || failed !== 0) wrong.push(`job ${id}: ${completed} completion events, ${failed} failure events on the analysis topic`);
  }
  return wrong;
}
