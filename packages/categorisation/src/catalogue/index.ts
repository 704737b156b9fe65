/**
 * The merchant catalogue: every domain's entries indexed by normalised name, checked when the
 * module loads (canonical categories, no name claimed twice, no short name matching anywhere).
 */
import { canonicalCategoryOf } from '@obp/contracts';
import { normaliseName, type NormalisedName } from '../normalise';
import { memoised } from '../memo';
import { PhraseIndex } from '../phrase-index';
import { abroad } from './abroad';
import { charity } from './charity';
import { WHOLESALE_RULE_ID, WHOLESALE_TRADE } from '../trade-words';
import { eatingOut } from './eating-out';
import { childcare, education } from './education-childcare';
import { banks, cash, investments, loans, paymentRequests, taxes } from './finance';
import { gambling } from './gambling';
import { groceries } from './groceries';
import { health } from './health';
import { energy, localTaxes, mortgage, rent, water } from './housing';
import { benefits, employers, pensions } from './income';
import { healthInsurance, otherInsurance } from './insurance';
import { leisure } from './leisure';
import { shopping } from './shopping';
import type { Category } from '../types';
import type { MerchantSpec } from './spec';
import { subscriptions } from './subscriptions';
import { telecom } from './telecom';
import { car, fuel, publicTransport } from './transport';
import { travel } from './travel';

export type { MerchantSpec } from './spec';

/** Where a catalogue name may match: anywhere as words, only at the start of a name, or only as the whole name. */
export type MatchMode = 'anywhere' | 'start' | 'whole';

interface IndexedName {
  spec: MerchantSpec;
  mode: MatchMode;
}

/** A catalogue merchant found in a name or text, and how many characters of it matched. */
export interface MerchantHit {
  spec: MerchantSpec;
  length: number;
}

export const merchantSpecs: readonly MerchantSpec[] = [
  ...groceries, ...eatingOut, ...publicTransport, ...fuel, ...car, ...energy, ...water, ...localTaxes, ...rent, ...mortgage,
  ...healthInsurance, ...otherInsurance, ...telecom, ...subscriptions, ...shopping, ...health, ...leisure, ...travel, ...education,
  ...childcare, ...charity, ...gambling, ...cash, ...taxes, ...loans, ...banks, ...paymentRequests, ...investments, ...benefits, ...pensions, ...employers,
  ...abroad,
];

// A two-letter name matches initials and ordinary words ("ah", "ns", "bp"): it must say where it may match.
const SHORTEST_ANYWHERE_NAME = 3;
const LATER_NUMBER = /\s\d+(?:\s|$)/;

function parseName(written: string): { text: string; mode: MatchMode } {
  const mode: MatchMode = written.startsWith('^') ? 'start' : written.startsWith('=') ? 'whole' : 'anywhere';
  const text = normaliseName(mode === 'anywhere' ? written : written.slice(1)).text;
  return { text, mode };
}

function checkCategories(spec: MerchantSpec): void {
  for (const outcome of [spec.outcomes.in, spec.outcomes.out]) {
    if (outcome && canonicalCategoryOf(outcome.category) === null) throw new Error(`catalogue: ${spec.id} has category ${outcome.category}, which is not canonical`);
  }
}

function buildIndex(specs: readonly MerchantSpec[]): PhraseIndex<IndexedName> {
  const index = new PhraseIndex<IndexedName>();
  const claimed = new Map<string, IndexedName>();
  const ids = new Set<string>();
  for (const spec of specs) {
    if (ids.has(spec.id)) throw new Error(`catalogue: id ${spec.id} is used twice`);
    ids.add(spec.id);
    checkCategories(spec);
    for (const written of spec.names) {
      const { text, mode } = parseName(written);
      if (text === '') throw new Error(`catalogue: ${spec.id} name "${written}" normalises to nothing`);
      if (LATER_NUMBER.test(written)) throw new Error(`catalogue: ${spec.id} name "${written}" has a number after its first word, which names lose as a store number`);
      if (mode === 'anywhere' && spec.id.startsWith('merchant.') && !text.includes(' ') && text.length < SHORTEST_ANYWHERE_NAME) {
        throw new Error(`catalogue: ${spec.id} name "${written}" is too short to match anywhere; write ^ or =`);
      }
      const earlier = claimed.get(text);
      if (earlier) {
        if (earlier.spec === spec && earlier.mode === mode) continue; // a spelling variant that normalises alike
        throw new Error(`catalogue: "${written}" (${spec.id}) normalises to "${text}", already claimed by ${earlier.spec.id}`);
      }
      const entry = { spec, mode };
      claimed.set(text, entry);
      index.add(text, entry);
    }
  }
  return index;
}

const index = buildIndex(merchantSpecs);

// "Stichting" says little even as a name; in free text ("Naam: Stichting Mollie Payments") nothing, and must not hide a name beside it
const SAYS_NOTHING_IN_TEXT = 'business-type.stichting';

/**
 * The catalogue merchant a counterparty name is: the longest name that may match where it does. A foundation named
 * after a known organisation ("Stichting Paylogic Derdengelden", the client money of a ticket seller) is that
 * organisation's: a bare "Stichting" counts only when nothing else is named.
 */
export const findMerchantInName: (name: NormalisedName) => MerchantHit | null = memoised(merchantNamed);

function merchantNamed(name: NormalisedName): MerchantHit | null {
  let hit: MerchantHit | null = null;
  let foundation: MerchantHit | null = null;
  index.forEachMatch(name.text, ({ spec, mode }, start, end) => {
    const atStart = start === 0;
    const allowed = mode === 'anywhere' || (mode === 'start' && atStart) || (mode === 'whole' && atStart && (end === name.text.length || end === name.coreLength));
    if (!allowed) return;
    if (spec.id === SAYS_NOTHING_IN_TEXT) foundation = { spec, length: end - start };
    else if (hit === null || end - start > hit.length) hit = { spec, length: end - start };
  });
  return hit ?? foundation;
}

/** The catalogue merchant named in free text (a description): only names that may match anywhere, other than `except` and a bare "Stichting". */
export function findMerchantInText(text: string, except?: MerchantSpec): MerchantHit | null {
  let hit: MerchantHit | null = null;
  index.forEachMatch(text, ({ spec, mode }, start, end) => {
    if (mode === 'anywhere' && spec !== except && spec.id !== SAYS_NOTHING_IN_TEXT && (hit === null || end - start > hit.length)) hit = { spec, length: end - start };
  });
  return hit;
}

const tradeByRuleId: ReadonlyMap<string, Category> = new Map([
  ...merchantSpecs.flatMap((spec) => (spec.trade ? [[spec.id, spec.trade] as const] : [])),
  [WHOLESALE_RULE_ID, WHOLESALE_TRADE] as const,
]);

/** What a purchase found by this rule is for a sole trader, when the catalogue says (wholesalers, hosting, …). */
export function tradeOf(ruleId: string): Category | undefined {
  return tradeByRuleId.get(ruleId);
}

/** How many names the catalogue holds, and how many organisations (not counting generic business words). */
export function catalogueSize(): { names: number; organisations: number } {
  let names = 0;
  let organisations = 0;
  for (const spec of merchantSpecs) {
    names += spec.names.length;
    if (spec.id.startsWith('merchant.')) organisations++;
  }
  return { names, organisations };
}
