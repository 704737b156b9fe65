import type { CreateShareBody } from '@obp/contracts';
import { expirationOrDefault, type Share } from '../../domain/share';
import type { ShareEvents, ShareStore } from '../../infrastructure/share-store';

export class CreateShareService {
  constructor(
    private readonly shares: ShareStore,
    private readonly events: ShareEvents,
  ) {}

  /** Creates the share under `id` (a retry of the request gives the same id, and leaves the share its first attempt made). */
  async execute(id: string, ownerClientId: string, request: CreateShareBody, now = new Date()): Promise<string> {
    const share: Share = {
      id,
      ownerClientId,
      clientId: request.clientId,
      reference: request.reference,
      expirationDateUtc: expirationOrDefault(request.expirationDateUtc, now),
      consentIds: request.consentIds,
      accountIds: request.accountIds,
      analysisIds: request.analysisIds,
      createdAt: now,
      updatedAt: now,
    };
    await this.shares.insertIfAbsent(share, [this.events.created(share)]);
    return share.id;
  }
}
