import { ENGINE_VERSION } from '@obp/sequencing';

/** What a consent's cached sequencing depends on besides its data: the engine version and the day of `asOf`. */
export function sequencingCacheKey(asOf: Date): string {
  // The UTC day: the engine reads asOf as a UTC day (status, due periods, predictions) and booking dates are UTC midnights, so any instant of one day gives the same result.
  return `${ENGINE_VERSION}/${asOf.toISOString().slice(0, 10)}`;
}
