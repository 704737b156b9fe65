/**
 * Where the analysis's history starts: before any booking date. The service keeps, and a job analyses, every
 * transaction the consent service fetched or imported; only sequencing looks at its latest 13 months
 * (`@obp/sequencing`), as the spec says.
 */
export const WHOLE_HISTORY_START = new Date('0000-01-01T00:00:00.000Z');

export const historyStart = (): Date => WHOLE_HISTORY_START;
