import { randomUUID } from 'node:crypto';
import { expirationOrDefault, type Share } from '../../domain/share';
import type { ShareRepository } from '../../infrastructure/share.repository';

export interface CreateShareCommand {
  ownerClientId: string;
  clientId: string;
  reference: string | null;
  expirationDateUtc: Date | null | undefined;
  consentIds: string[] | null;
  accountIds: string[] | null;
  analysisIds: string[] | null;
}

export class CreateShareService {
  constructor(private readonly shares: ShareRepository, private readonly onEventsWritten: () => void) {}

  async execute(command: CreateShareCommand, now = new Date()): Promise<string> {
    const share: Share = {
      id: randomUUID(),
      ownerClientId: command.ownerClientId,
      clientId: command.clientId,
      reference: command.reference,
      expirationDateUtc: expirationOrDefault(command.expirationDateUtc, now),
      consentIds: command.consentIds,
      accountIds: command.accountIds,
      analysisIds: command.analysisIds,
      createdAt: now,
      updatedAt: now,
    };
    await this.shares.insert(share);
    this.onEventsWritten();
    return share.id;
  }
}
