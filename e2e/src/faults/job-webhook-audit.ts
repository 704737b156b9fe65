import type { ReceivedRequest } from '../recording-receiver';

export interface JobWebhookAudit {
  /** Jobs with exactly one `analysis-job.completed` message (a message sent again under its webhook-id counts once). */
  completedOnce: number;
  /** Jobs with no completion message yet. */
  missing: number;
  /** Jobs told completed in more than one message, or told failed: a job finished twice or wrongly. */
  wrong: string[];
}

/** What an endpoint was told of each job: one completion, never a failure. */
export function auditJobWebhooks(requests: ReceivedRequest[], jobIds: string[]): JobWebhookAudit {
  const messages = new Map<string, { completed: Set<string>; failed: Set<string> }>();
  for (const request of requests) {
    const body = JSON.parse(request.body) as { type: string; data: { analysisJobId?: string } };
    if (body.type !== 'analysis-job.completed' && body.type !== 'analysis-job.failed') continue;
    const id = body.data.analysisJobId!;
    const ofJob = messages.get(id) ?? { completed: new Set<string>(), failed: new Set<string>() };
    (body.type === 'analysis-job.completed' ? ofJob.completed : ofJob.failed).add(String(request.headers['webhook-id']));
    messages.set(id, ofJob);
  }
  const audit: JobWebhookAudit = { completedOnce: 0, missing: 0, wrong: [] };
  for (const id of jobIds) {
    const ofJob = messages.get(id);
    if (!ofJob || (ofJob.completed.size === 0 && ofJob.failed.size === 0)) audit.missing++;
    else if (ofJob.completed.size === 1 && ofJob.failed.size === 0) audit.completedOnce++;
    else audit.wrong.push(`job ${id}: ${ofJob.completed.size} completion messages, ${ofJob.failed.size} failure messages`);
  }
  return audit;
}
