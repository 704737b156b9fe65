/**
 * Payment service providers that appear as the counterparty of iDEAL and card payments on behalf
 * of a web shop ("Stichting Mollie Payments", "Adyen N.V."): the name says nothing about what was
 * bought, so the merchant is looked for in the description instead. Money in from one is a payout
 * (to a business) or a web shop's refund (to a consumer).
 */
import { memoised } from '../memo';
import { isLegalNameWord, normaliseName } from '../normalise';

const processorNames = [
  'Adyen', 'Stichting Adyen', 'Mollie', 'Mollie Payments', 'Stichting Mollie Payments', 'Buckaroo', 'Stichting Derdengelden Buckaroo', 'MultiSafepay',
  'Stichting MultiSafepay', 'Stripe', 'Stripe Payments', 'Stripe Technology Europe', 'SumUp', 'SumUp Payments', 'CCV', 'CCV Group', 'Worldline',
  'Stichting Pay.nl', 'Pay.nl', 'PAY.', 'CM Payments', 'Stichting CM Payments', 'CM.com', 'Online Payment Platform', 'Stichting Online Payment Platform',
  'Ginger Payments', 'EMS', 'Icepay', 'PayPro', 'Stichting Derdengelden', 'Derdengelden', 'Global Collect', 'Ingenico', 'Nexi', 'Checkout.com',
  'Worldpay', 'Payvision', 'Cardgate', 'Stichting Cardgate', 'Targetpay', 'Trustly', 'Viva Wallet', 'Vivawallet', 'myPOS', 'Square', 'Zettle', 'iZettle', 'PayU',
  'Unzer', 'Rabo Smart Pay', 'Rabo SmartPay', 'Global Payments', 'Elavon', 'Fiserv', 'First Data', 'Payone', 'Computop', 'Ogone', 'Sisow', 'Docdata Payments', 'Paynl',
  'Stichting Derdengelden Pay.nl', 'Stichting Derdengelden MultiSafepay', 'Stichting Derdengelden Mollie', 'Stichting Derdengelden Adyen', 'Stripe Payments Europe',
  'Lightspeed', 'Lightspeed Payments', 'GoCardless', 'Payconiq', 'Twikey', 'Stichting Beheer Derdengelden',
];


const processors: ReadonlySet<string> = new Set(processorNames.map((name) => normaliseName(name).text).filter((text) => text !== ''));

/** Whether a normalised name is only a payment service provider's, with or without the words its legal name adds. */
export const isPaymentProcessor: (nameText: string) => boolean = memoised(processorOnly);

// A provider's client-money foundation wraps its name: "Stichting Ginger Payments", "Stichting Rabo Smart Pay Derdengelden", "Stichting Beheer Derdengelden X"
const WRAPPER_WORDS: ReadonlySet<string> = new Set(['stichting', 'beheer', 'derdengelden']);
// "Mollie Payments Company B.V.", "Worldline Merchant Services", "Adyen Payments Europe": words a provider's name adds
// after the brand for what it does or where, beyond the usual legal ones
const TRAILING_WORDS: ReadonlySet<string> = new Set([
  'company', 'derdengelden', 'stichting', 'merchant', 'merchants', 'services', 'service', 'payments', 'payment', 'solutions', 'acquiring', 'processing',
  'europe', 'nederland', 'netherlands', 'benelux', 'international', 'financial',
]);

function endsInLegalWordsAfter(nameText: string): boolean {
  if (processors.has(nameText)) return true;
  let end = nameText.length;
  for (;;) {
    const space = nameText.lastIndexOf(' ', end - 1);
    if (space < 0) return false;
    const word = nameText.slice(space + 1, end);
    if (!isLegalNameWord(word) && !TRAILING_WORDS.has(word)) return false;
    end = space;
    if (processors.has(nameText.slice(0, end))) return true;
  }
}

function processorOnly(nameText: string): boolean {
  if (endsInLegalWordsAfter(nameText)) return true;
  let start = 0;
  for (let space = nameText.indexOf(' '); space > 0 && WRAPPER_WORDS.has(nameText.slice(start, space)); space = nameText.indexOf(' ', start)) {
    start = space + 1;
    if (endsInLegalWordsAfter(nameText.slice(start))) return true;
  }
  return false;
}
