/**
 * Abbreviations card descriptors use for a brand, in normalised form (see normaliseCounterpartName)
 * → the brand's own normalised name. Looked up for the first word of a name only: "AH to go 5812"
 * becomes "albert heijn to go", while an "ah" later in a name stays as it is. Covers Dutch retail
 * and the large subscription sellers whose descriptors abbreviate their name; docs/sequencing.md
 * lists them.
 */
export const BRAND_ABBREVIATIONS: ReadonlyMap<string, string> = new Map([
  ['ah', 'albert heijn'],
  ['amzn', 'amazon'],
  ['msft', 'microsoft'],
  ['itunes', 'apple'],
  ['mcd', 'mcdonald'],
  ['mcdonalds', 'mcdonald'],
  ['bk', 'burger king'],
  ['nn', 'nationale nederlanden'],
  ['mediamarkt', 'media markt'],
  ['basicfit', 'basic fit'],
]);
