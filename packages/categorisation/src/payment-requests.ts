/** Payment requests (Tikkie, "betaalverzoek") paid: from a person, between people; from a shop or a firm, a purchase. */
import { kindOfParty } from './people';
import type { TransactionView } from './view';

// what a shop or a firm asks a customer to pay: an order, an invoice, a booking, a deposit
const ORDERED = /^(?:bestelling|bestellingen|order|orders|ordernr|ordernummer|factuur|factuurnr|factuurnummer|nota|invoice|aankoop|aanbetaling|reservering|boeking)\b/i;

/** A paid request's requester asks for an order or an invoice ("Tikkie ID …, Bestelling, Fotohandel Lens"), and is not named as a person. */
export function requestForAnOrder(view: TransactionView): boolean {
  const { requester, requestFor } = view.facts;
  return view.direction === 'out' && requester !== null && requestFor !== null && ORDERED.test(requestFor) && kindOfParty(requester) === 'unknown';
}

/** A payment request paid to an organisation: named as one, or asking for an order or an invoice under a name that is no person's. */
export function requestedByOrganisation(view: TransactionView): boolean {
  return (view.direction === 'out' && kindOfParty(view.facts.requester) === 'organisation') || requestForAnOrder(view);
}
