import type { MaintenanceReport, ShareLists } from '../../infrastructure/share-lists';

/**
 * The share lists' maintenance round (one instance at a time): blocks a stopped change left are counted again,
 * shares due are moved to expired, and lists made after the build are built.
 */
export class ShareListMaintenanceJob {
  constructor(private readonly lists: ShareLists) {}

  runOnce(now: Date): Promise<MaintenanceReport> {
    return this.lists.maintain(now);
  }
}
