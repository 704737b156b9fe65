/** Semver of the categoriser: changes whenever a rule, the catalogue or the meaning of a figure changes. */
export const CATEGORISER_VERSION = '1.8.0';
