import type { EventWriter, OutboxEntry } from '@obp/bus';
import type { analysisEvents } from '@obp/contracts';
import type { AggregateStore, AggregateStoreOptions } from '@obp/store';
import { toAnalysisJobDto, type AnalysisJob } from '../domain/analysis-job';

export type AnalysisJobStore = AggregateStore<AnalysisJob>;

/**
 * Every query reads through an index on a top-level equality (docs/decisions.md, "Every query on an
 * index"): the owner's list, the queue, the jobs waiting for a consent or job, and the jobs that name
 * a consent or account or were computed from it (erasure). The last three are derived fields, written
 * with every change of the job.
 */
export const analysisJobStoreOptions: AggregateStoreOptions<AnalysisJob> = {
  collection: 'analysis_jobs',
  indexes: [{ key: { ownerClientId: 1, createdAt: 1, _id: 1 } }, { key: { runPending: 1 } }, { key: { waitingFor: 1 } }, { key: { erasureIds: 1 } }],
  derived: {
    runPending: (job) => job.run !== null,
    waitingFor: (job) => job.run?.waitingFor ?? [],
    erasureIds: (job) => {
      const named = job.input.kind === 'consentIds' || job.input.kind === 'accountIds' ? job.input.values : [];
      return [...new Set([...named, ...(job.scope?.consentIds ?? []), ...(job.scope?.accountIds ?? [])])];
    },
  },
};

/**
 * The job events, each carrying the job as the API shows it, keyed by its id. A job that names an erased
 * consent, or was computed from one, ends in a tombstone (see `failed` and the erasure), so compaction
 * drops its events: they carry its input and metadata.
 */
export class AnalysisJobEvents {
  constructor(private readonly writer: EventWriter<typeof analysisEvents>) {}

  created = (job: AnalysisJob) => this.entry('analysis-job.created', job);
  completed = (job: AnalysisJob) => this.entry('analysis-job.completed', job);
  /** `analysis-job.failed`, then a tombstone when it failed because a consent of it was erased. */
  failed = (job: AnalysisJob): OutboxEntry[] => [this.entry('analysis-job.failed', job), ...(job.failure?.code === 'ConsentDeleted' ? [this.tombstone(job)] : [])];
  tombstone = (job: AnalysisJob) => this.writer.tombstone(job.id, job.ownerClientId);

  private entry(type: 'analysis-job.created' | 'analysis-job.completed' | 'analysis-job.failed', job: AnalysisJob) {
    return this.writer.entry(type, { key: job.id, ownerClientId: job.ownerClientId, data: toAnalysisJobDto(job) });
  }
}
