import { NonRetriableError, type MessageMeta } from '@obp/bus';
import type { AnalysisJobDto, EventEnvelope } from '@obp/contracts';
import { fromConsumed, type PublishEventService } from '../publish-event/publish-event.service';

type Finished = 'analysis-job.completed' | 'analysis-job.failed';

/** analysis-job.completed and analysis-job.failed: the job's end, to the owner's endpoints, in the job's lane. */
export const onAnalysisJobFinished =
  (publish: PublishEventService) =>
  async (job: AnalysisJobDto, event: EventEnvelope<AnalysisJobDto, Finished>, meta: MessageMeta): Promise<void> => {
    const common = { ...fromConsumed(event, meta), resource: `analysis-job:${job.id}` };
    const completedAt = job.completedAt ?? event.occurredAt;
    if (event.type === 'analysis-job.completed') {
      await publish.publish({ ...common, type: 'analysis-job.completed', data: { analysisJobId: job.id, reference: job.reference, status: 'Completed', completedAt } });
      return;
    }
    if (!job.failure) throw new NonRetriableError(`analysis-job.failed of job ${job.id} carries no failure`);
    await publish.publish({ ...common, type: 'analysis-job.failed', data: { analysisJobId: job.id, reference: job.reference, status: 'Failed', failure: job.failure, completedAt } });
  };
