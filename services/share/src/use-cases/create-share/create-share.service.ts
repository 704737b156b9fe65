import { randomUUID } from 'node:crypto';
import type { CreateShareBody } from '@obp/contracts';
import { expirationOrDefault, type Share } from '../../domain/share';
import type { ShareEvents, ShareStore } from '../../infrastructure/share-store';

export class CreateShareService {
  constructor(
    private readonly shares: ShareStore,
    private readonly events: ShareEvents,
  ) {}

  async execute(ownerClientId: string, request: CreateShareBody, now = new Date()): Promise<string> {
    const share: Share = {
      id: randomUUID(),
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
    await this.shares.insert(share, [this.events.created(share)]);
    return share.id;
  }
}
