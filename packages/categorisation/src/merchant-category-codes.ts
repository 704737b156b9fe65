/**
 * Card merchant category codes (ISO 18245, the MCC the card scheme gives every acceptor and camt imports
 * and enrichment carry as `merchantCategoryCode`): what the merchant trades in, whatever its name says. A
 * catalogue merchant still wins (0.95); the code outweighs a trade word in the name (0.75). Codes whose
 * trade spans several categories (wholesale, business services, digital goods, "miscellaneous") say nothing.
 */
import type { Category } from './types';

/** A code range, inclusive, and what a card payment in it is for. */
type Range = readonly [first: number, last: number, category: Category];

export const MCC_CONFIDENCE = 0.85;

// Specific codes before the ranges they lie in: the first range that holds a code decides.
const ranges: readonly Range[] = [
  [742, 742, 'expenses.other.pets'],
  [3000, 3350, 'expenses.travel'], // airlines
  [3351, 3500, 'expenses.travel'], // car rental
  [3501, 3999, 'expenses.travel'], // hotels
  [4111, 4131, 'expenses.transport.public'], // commuter transport, rail, taxis, buses
  [4411, 4411, 'expenses.travel'], // cruise lines
  [4457, 4457, 'expenses.leisure'], // boat rental
  [4468, 4468, 'expenses.leisure'], // marinas
  [4511, 4511, 'expenses.travel'],
  [4582, 4582, 'expenses.travel'],
  [4722, 4723, 'expenses.travel'], // travel agencies, package tours
  [4784, 4784, 'expenses.transport.car'], // tolls
  [4789, 4789, 'expenses.transport.public'],
  [4812, 4812, 'expenses.shopping'], // telephones sold
  [4814, 4814, 'expenses.telecom'],
  [4899, 4899, 'expenses.subscriptions'], // cable, satellite, streaming
  [4900, 4900, 'expenses.housing.energy'],
  [5200, 5200, 'expenses.shopping'],
  [5211, 5261, 'expenses.shopping'], // building materials, hardware, paint, garden centres
  [5309, 5311, 'expenses.shopping'], // duty free, discount and department stores
  [5331, 5331, 'expenses.shopping'],
  [5411, 5411, 'expenses.groceries'],
  [5422, 5499, 'expenses.groceries'], // butchers, sweets, dairy, bakeries, food stores
  [5541, 5542, 'expenses.transport.fuel'],
  [5552, 5552, 'expenses.transport.fuel'], // electric vehicle charging
  [5511, 5550, 'expenses.transport.car'], // car dealers, parts, tyres
  [5561, 5599, 'expenses.transport.car'],
  [5611, 5699, 'expenses.shopping'], // clothing and shoes
  [5712, 5735, 'expenses.shopping'], // furniture, electronics, music
  [5811, 5814, 'expenses.eating-out'], // caterers, restaurants, bars, fast food
  [5912, 5912, 'expenses.health'], // pharmacies, drugstores
  [5921, 5921, 'expenses.groceries'], // off-licences
  [5931, 5959, 'expenses.shopping'],
  [5960, 5960, 'expenses.insurance.other'], // insurance sold directly
  [5970, 5974, 'expenses.shopping'],
  [5975, 5976, 'expenses.health'], // hearing aids, orthopaedic goods
  [5977, 5982, 'expenses.shopping'],
  [5983, 5983, 'expenses.housing.energy'], // heating oil and fuel dealers
  [5992, 5998, 'expenses.shopping'], // florists, news, pets, tobacco, toys, tents
  [6010, 6011, 'expenses.cash'],
  [6300, 6300, 'expenses.insurance.other'],
  [7011, 7011, 'expenses.travel'],
  [7012, 7012, 'expenses.travel'],
  [7032, 7033, 'expenses.travel'], // holiday camps, campsites
  [7210, 7217, 'expenses.other'], // laundry, dry cleaning
  [7230, 7230, 'expenses.shopping'], // hairdressers, as the catalogue's kapper
  [7251, 7251, 'expenses.other'], // shoe repair
  [7261, 7261, 'expenses.other'], // funerals
  [7512, 7512, 'expenses.travel'], // car rental
  [7523, 7523, 'expenses.transport.car'], // parking
  [7531, 7549, 'expenses.transport.car'], // repair, car wash, towing
  [7832, 7832, 'expenses.leisure'],
  [7841, 7841, 'expenses.leisure'],
  [7911, 7994, 'expenses.leisure'], // dance halls, tickets, sports clubs, attractions, golf, arcades
  [7995, 7995, 'expenses.gambling'],
  [7996, 7999, 'expenses.leisure'], // amusement parks, clubs, aquariums, recreation
  [8011, 8099, 'expenses.health'], // doctors, dentists, opticians, hospitals, labs
  [8111, 8111, 'expenses.other.legal'],
  [8211, 8299, 'expenses.education'],
  [8351, 8351, 'expenses.childcare'],
  [8398, 8398, 'expenses.charity'],
  [8661, 8661, 'expenses.charity'], // religious organisations
  [8675, 8675, 'expenses.transport.car'], // automobile associations
  [8931, 8931, 'expenses.business.professional-services'],
  [9211, 9223, 'expenses.other.government-fees'], // court costs, fines, bail
  [9311, 9311, 'expenses.taxes'],
  [9399, 9399, 'expenses.other.government-fees'],
];

const MCC = /^\s*(\d{4})\s*$/;

/** What a card payment out with this merchant category code is for; undefined for a code that does not say. */
export function categoryOfMerchantCode(code: string | null | undefined): Category | undefined {
  if (!code) return undefined;
  const match = MCC.exec(code);
  if (match === null) return undefined;
  const value = Number(match[1]);
  for (const [first, last, category] of ranges) if (value >= first && value <= last) return category;
  return undefined;
}
