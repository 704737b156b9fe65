/**
 * Care paid by the patient: pharmacies, GPs, dentists, physiotherapists, hospitals, mental health,
 * opticians and hearing care, the billing offices that collect for them (Infomedics, Famed), the
 * CAK (own contributions to long-term care). Drugstores (Etos, Kruidvat, DA, Trekpleister) are
 * personal-care shopping (shopping.ts), as the platform labels them.
 */
import { businessTypes, sellers } from './spec';

export const health = [
  ...sellers('expenses.health', {
    'holland-en-barrett': ['Holland & Barrett', 'Holland and Barrett'],
    specsavers: ['Specsavers'],
    pearle: ['Pearle', 'Pearle Opticiens'],
    'hans-anders': ['Hans Anders'],
    eyewish: ['Eyewish'],
    'ace-en-tate': ['Ace & Tate'],
    'beter-horen': ['Beter Horen'],
    schoonenberg: ['Schoonenberg'],
    amplifon: ['Amplifon'],
    infomedics: ['Infomedics'],
    famed: ['^Famed'],
    cak: ['^CAK', 'Centraal Administratie Kantoor'],
    mediq: ['Mediq'],
    'benu-apotheek': ['BENU Apotheek', '^BENU'],
    'service-apotheek': ['Service Apotheek'],
    saltro: ['Saltro'],
    lenzen: ['Lenzen.nl', 'Lensonline'],
    mijnlenzen: ['Mijnlenzen'],
    'online-drogist': ['De Online Drogist'],
  }),
  ...businessTypes('expenses.health', [
    'apotheek', 'apotheken', 'huisarts', 'huisartsen', 'huisartsenpraktijk', 'tandarts', 'tandartsen', 'tandartspraktijk', 'tandartsenpraktijk',
    'mondzorg', 'mondhygienist', 'orthodontist', 'orthodontie', 'fysiotherapie', 'fysiotherapeut', 'fysiotherapeuten', 'fysio', 'manueeltherapie',
    'ziekenhuis', 'ziekenhuizen', 'umc', 'kliniek', 'gezondheidscentrum', 'psycholoog', 'psychologen', 'psychologenpraktijk', 'psychotherapie',
    'psychiater', 'ggz', 'dietist', 'podotherapeut', 'podotherapie', 'logopedie', 'logopedist', 'ergotherapie', 'huidarts', 'dermatologie',
    'verloskundige', 'verloskundigenpraktijk', 'kraamzorg', 'thuiszorg', 'drogist', 'drogisterij', 'optiek', 'opticien', 'opticiens', 'audicien',
    'acupunctuur', 'osteopathie', 'chiropractor', 'huisartspraktijk', 'huisartsenpost', 'pedicure', 'pedicurepraktijk', 'medisch pedicure',
    'therapie', 'therapeut', 'therapeuten', 'huidtherapie', 'huidtherapeut', 'oefentherapie', 'oefentherapeut', 'huidkliniek', 'osteopaat', 'dietisten', 'psychologie',
  ]),
  // A vet treats pets, not the household: its bills are no health costs of the people (affordability reads health as theirs).
  ...businessTypes('expenses.other.pets', ['dierenarts', 'dierenkliniek', 'dierenartsenpraktijk', 'dierenziekenhuis', 'dierenartspraktijk'], 0.8),
];
