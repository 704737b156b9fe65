import { categorise } from '@obp/categorisation';

/** The categoriser engine e1 uses (@obp/categorisation's `categorise`, or a stand-in in tests). */
export type Categorise = typeof categorise;

export const defaultCategorise: Categorise = categorise;
