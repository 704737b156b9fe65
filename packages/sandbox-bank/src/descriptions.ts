/**
 * Description lines in the style of a Dutch bank statement (ABN AMRO's layout, single-spaced).
 */
import { formatClock, formatDate, formatShortDate } from './calendar';
import { bicOf } from './iban';

export function sepaTransferText(p: {
  standingOrder?: boolean;
  iban: string;
  name: string;
  remittance: string;
  kenmerk?: string;
}): string {
  const prefix = p.standingOrder ? 'SEPA Periodieke overb.' : 'SEPA Overboeking';
  const kenmerk = p.kenmerk ? ` Kenmerk: ${p.kenmerk}` : '';
  return `${prefix} IBAN: ${p.iban} BIC: ${bicOf(p.iban)} Naam: ${p.name} Omschrijving: ${p.remittance}${kenmerk}`;
}

export function incassoText(p: {
  creditorId: string;
  name: string;
  mandate: string;
  remittance: string;
  iban: string;
  kenmerk?: string;
}): string {
  const kenmerk = p.kenmerk ? ` Kenmerk: ${p.kenmerk}` : '';
  return (
    `SEPA Incasso algemeen doorlopend Incassant: ${p.creditorId} Naam: ${p.name} Machtiging: ${p.mandate} ` +
    `Omschrijving: ${p.remittance} IBAN: ${p.iban}${kenmerk}`
  );
}

export function idealText(p: {
  iban: string;
  name: string;
  remittance: string;
  day: number;
  minutes: number;
  reference: string;
}): string {
  return (
    `SEPA iDEAL IBAN: ${p.iban} BIC: ${bicOf(p.iban)} Naam: ${p.name} Omschrijving: ${p.remittance} ` +
    `Kenmerk: ${formatDate(p.day)} ${formatClock(p.minutes)} ${p.reference}`
  );
}

/** `BEA, Betaalpas Albert Heijn 1234,PAS123 NR:ABC123, 14.03.26/17:32 AMSTERDAM` (GEA for ATMs). */
export function cardText(p: {
  kind: 'BEA' | 'GEA';
  device: string;
  label: string;
  pas: string;
  terminal: string;
  day: number;
  minutes: number;
  city: string;
}): string {
  return (
    `${p.kind}, ${p.device} ${p.label},PAS${p.pas} NR:${p.terminal}, ` +
    `${formatShortDate(p.day)}/${formatClock(p.minutes)} ${p.city.toUpperCase()}`
  );
}
