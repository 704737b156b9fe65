import type { GrantTarget, ShareGrants } from './share-grants';

/** A resource owned by an app, and what a share must name to let another app read it. */
export interface ReadableResource {
  ownerClientId: string;
  /** Any one of these named in an unexpired share of the owner grants access. */
  grantedBy: GrantTarget[];
}

/** The owner reads its own resources; any other app needs an unexpired share from the owner. */
export async function canRead(grants: ShareGrants, callerClientId: string, resource: ReadableResource, now = new Date()): Promise<boolean> {
  if (resource.ownerClientId === callerClientId) return true;
  return grants.allows(callerClientId, resource.ownerClientId, resource.grantedBy, now);
}
