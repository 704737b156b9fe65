/**
 * Marketplaces, payment platforms and gig platforms that pay out to the people who sell or work
 * through them (bol.com partners, Vinted and Marktplaats sellers, Etsy shops, Stripe and Mollie
 * merchants, Deliveroo riders, Uber drivers, Temper freelancers). Money in from one with a payout
 * word is income, not a refund.
 */
import type { NormalisedName } from '../normalise';
import { normaliseName } from '../normalise';

const platformNames = [
  'bol', 'bol.com', 'Vinted', 'Marktplaats', 'Etsy', 'eBay', 'Amazon', 'Amazon Payments', 'Catawiki', 'Zalando', 'Wehkamp', 'Shopify', 'Airbnb', 'Booking.com',
  'Stripe', 'Mollie', 'Adyen', 'PayPal', 'SumUp', 'Zettle', 'CCV', 'Buckaroo', 'MultiSafepay', 'Pay.nl', 'Worldline', 'Klarna', 'Paylogic', 'Eventbrite',
  'Deliveroo', 'Uber', 'Uber Eats', 'Thuisbezorgd', 'Just Eat Takeaway', 'Takeaway.com', 'Flink', 'Gorillas', 'Temper', 'YoungOnes', 'Helpling', 'Werkspot',
  'Fiverr', 'Upwork', 'Freelancer.com', 'Bolt', 'Lyft', 'Wolt', 'Glovo', 'Twitch', 'YouTube', 'Google AdSense', 'Patreon', 'Substack', 'Gumroad', 'Ko-fi',
];

/**
 * Platforms whose money in is a payout unless it says otherwise: second-hand marketplaces pay sellers, gig
 * platforms pay workers and creators; a buyer's refund says "refund", "terugbetaling", "retour". (A web shop
 * such as Zalando or bol.com pays consumers back far more often than it pays partners out.)
 */
const payoutFirstNames = [
  'Vinted', 'Marktplaats', 'Etsy', 'Catawiki', 'Deliveroo', 'Temper', 'YoungOnes', 'Helpling', 'Werkspot', 'Fiverr', 'Upwork', 'Freelancer.com', 'Wolt', 'Glovo',
  'Twitch', 'Google AdSense', 'Patreon', 'Substack', 'Gumroad', 'Ko-fi', 'Scoober', 'Takeaway Express',
];

const platformWords: ReadonlySet<string> = new Set([...platformNames, ...payoutFirstNames].map((name) => normaliseName(name).text));
const payoutFirstWords: ReadonlySet<string> = new Set(payoutFirstNames.map((name) => normaliseName(name).text));

function startsWithOneOf(words: ReadonlySet<string>, name: NormalisedName | null): boolean {
  if (name === null) return false;
  const text = name.text;
  if (words.has(text)) return true;
  const space = text.indexOf(' ');
  if (space < 0) return false;
  const second = text.indexOf(' ', space + 1);
  return words.has(text.slice(0, space)) || (second > 0 && words.has(text.slice(0, second)));
}

/** Whether a name is, or starts with, a platform whose money in is a payout unless it says it is a refund. */
export function isPayoutFirstPlatform(name: NormalisedName | null): boolean {
  return startsWithOneOf(payoutFirstWords, name);
}

/** Whether a name is, or starts with, a payout platform's ("Uber B.V.", "Stripe Technology Europe", "Deliveroo Netherlands"). */
export function isPayoutPlatform(name: NormalisedName | null): boolean {
  if (name === null) return false;
  const text = name.text;
  if (platformWords.has(text)) return true;
  const space = text.indexOf(' ');
  if (space < 0) return false;
  const second = text.indexOf(' ', space + 1);
  return platformWords.has(text.slice(0, space)) || (second > 0 && platformWords.has(text.slice(0, second))) || (second < 0 && platformWords.has(text));
}
