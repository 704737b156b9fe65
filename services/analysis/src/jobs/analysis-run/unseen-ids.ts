import { uuidv7Time } from '@obp/core';

/** What an id in a job's input names: consents are made under UUIDv7 ids, accounts under ids derived from their consent and bank. */
export type NamedKind = 'consent' | 'account';

/** How far another service's clock may be from this one's, either way: a UUIDv7 that far ahead is taken as made now, one that far beyond the window as still in it. */
export const CLOCK_SKEW_MS = 5_000;

/**
 * Whether an id this service has not seen may still name something whose events are on their way to it,
 * `windowMs` being how long it waits for them. A consent id is a UUIDv7 of the consent's creation: one
 * made within the window may be a consent still in its service's outbox; one older than the window, from
 * beyond the clock skew ahead, or of another form was never made in time to be waited for. An account id
 * (a UUIDv5 of its consent and the bank's account id) carries no time: an account of a fetch that has
 * just ended may have any, so one of that form may be on its way, and one of another form names nothing.
 */
export function mayBeOnItsWay(id: string, kind: NamedKind, now: Date, windowMs: number): boolean {
  if (kind === 'account') return /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i.test(id);
  const made = uuidv7Time(id)?.getTime();
  return made !== undefined && made > now.getTime() - windowMs - CLOCK_SKEW_MS && made <= now.getTime() + CLOCK_SKEW_MS;
}
