/**
 * The error classes of issue 27, each with cases written the way Dutch banks and card terminals
 * print such transactions (ING, ABN AMRO, Rabobank, bunq, Knab, foreign card lines).
 */
import type { TransactionDto } from '@obp/contracts';
import { categoriseOne, type CategoriseOptions } from './index';
import { transaction } from './transaction.fixture';

const retail: CategoriseOptions = { profile: 'retail' };
const soleTrader: CategoriseOptions = { profile: 'retail', kvkNumber: '12345678' };

type Fields = Partial<TransactionDto> & Pick<TransactionDto, 'amount'>;
type Case = [label: string, fields: Fields, category: string];

function one(fields: Fields, options: CategoriseOptions = retail) {
  return categoriseOne(transaction(fields), options);
}

function expectCategories(cases: readonly Case[], options: CategoriseOptions = retail): void {
  const wrong = cases
    .map(([label, fields, category]) => ({ label, expected: category, got: one(fields, options).category }))
    .filter(({ expected, got }) => got !== expected && !got.startsWith(`${expected}.`));
  expect(wrong).toEqual([]);
}

describe('class 1: flags by direction and meaning', () => {
  it('flags direct-debit only on money going out under a collection, never on a credit whatever its type code', () => {
    const collected = one({ amount: -54.3, transactionType: 'ei', counterpartName: 'Vattenfall Klantenservice N.V.', description: 'SEPA Incasso algemeen doorlopend Incassant: NL71ZZZ341234560000 Naam: Vattenfall Machtiging: 123 Omschrijving: energie' });
    expect(collected.flags).toContain('direct-debit');
    const credits: Fields[] = [
      { amount: 54.3, transactionType: 'ei', counterpartName: 'Vattenfall Klantenservice N.V.', description: 'SEPA Incasso algemeen doorlopend Omschrijving: teveel betaald' },
      { amount: 120, bankTransactionCode: 'PMNT-IDDT-ESDD', counterpartName: 'Klant B.V.', description: 'Factuur 2024-031' },
      { amount: 12.5, transactionType: 'ic', mandateId: 'M123', description: 'Incasso contributie retour' },
    ];
    for (const fields of credits) expect(one(fields).flags).not.toContain('direct-debit');
  });

  it('flags returned-direct-debit on a collection reversed by a SEPA reason code or the words of a collection reversal', () => {
    const returns: Fields[] = [
      { amount: 54.3, reasonCode: 'MD06', counterpartName: 'Vattenfall', description: 'SEPA Incasso terugboeking Incassant: NL71ZZZ341234560000 Reden: MD06' },
      { amount: 19.99, bankTransactionCode: 'PMNT-RDDT-UPDD', counterpartName: 'Ziggo B.V.', description: 'Storno incasso' },
      { amount: 42, description: '/TRTP/SEPA Incasso terugboeking/RTRN/AM04/CSID/NL12ZZZ123456780000/NAME/ENECO/REMI/Storno' },
      { amount: 8.5, counterpartName: 'Tennisclub Smash', description: 'Retour incasso contributie maart' },
    ];
    for (const fields of returns) {
      const result = one(fields);
      expect(result.flags).toContain('returned-direct-debit');
      expect(result.flags).not.toContain('direct-debit');
      expect(result.flags).not.toContain('refund');
    }
  });

  it('does not call a card refund or the terugboeking of a card payment a returned direct debit', () => {
    const cardReturns: Fields[] = [
      { amount: 24.95, transactionType: 'ba', counterpartName: 'HEMA 1234 UTRECHT', description: 'Terugboeking betaalautomaat HEMA 1234 UTRECHT Pasvolgnr: 003' },
      { amount: 59.99, transactionType: 'bc', description: 'BEA, Betaalpas Terugboeking MediaMarkt 123,PAS456 NR:ABC123 AMSTERDAM' },
      { amount: 15, bankTransactionCode: 'PMNT-CCRD-POSC', counterpartName: 'Zara Nederland', description: 'Refund card payment ZARA AMSTERDAM' },
      { amount: 32.1, transactionType: 'ba', description: 'Reversal card payment Decathlon Rotterdam' },
    ];
    for (const fields of cardReturns) {
      const result = one(fields);
      expect(result.flags).not.toContain('returned-direct-debit');
      expect(result.flags).toContain('refund');
      expect(result.category).toBe('income.refund');
    }
  });

  it('flags refund only on money given back for a purchase or a bill', () => {
    expect(one({ amount: 12.99, counterpartName: 'Coolblue B.V.', description: 'Retour order 123456' }).flags).toContain('refund');
    expect(one({ amount: 211.4, counterpartName: 'Eneco', description: 'Eindafrekening teveel betaald' }).flags).toContain('refund');
    const notRefunds: Fields[] = [
      { amount: 250, counterpartName: 'J. de Vries', description: 'Terugbetaling lening' },
      { amount: 87.2, counterpartName: 'bol.com b.v.', description: 'BOL.COM UITBETALING 2024-12 partner 1234567' },
      { amount: 1800, counterpartName: 'Interpolis', description: 'Uitkering schade 2024-1234 waterschade' },
    ];
    for (const fields of notRefunds) expect(one(fields).flags).not.toContain('refund');
    // an insurer paying a business's invoice is a client, not a claim or a refund
    const client = one({ amount: 1500, counterpartName: 'Polder Verzekeringen N.V.', description: 'SEPA Overboeking Naam: Polder Verzekeringen N.V. Omschrijving: 2025-061' }, { profile: 'corporate' });
    expect(client.category).toBe('income.business');
    expect(client.flags).not.toContain('refund');
  });
});

describe('class 2: payouts are not refunds', () => {
  const payouts: Fields[] = [
    { amount: 87.2, counterpartName: 'bol.com b.v.', description: 'BOL.COM UITBETALING 2024-12 partner 1234567' },
    { amount: 23.5, counterpartName: 'Vinted UAB', description: 'Vinted payout 88123' },
    { amount: 40, counterpartName: 'Marktplaats B.V.', description: 'Uitbetaling Gelijk Betaald verkoop fiets' },
    { amount: 64.18, counterpartName: 'Etsy Ireland UC', description: 'Etsy payout deposit shop KnitsByAnna' },
    { amount: 1520.33, counterpartName: 'Stripe Technology Europe Ltd', description: 'STRIPE PAYOUT ST-A1B2C3' },
    { amount: 980.12, counterpartName: 'Stichting Mollie Payments', description: 'Mollie settlement 2024-11-03 st_abcdEF' },
    { amount: 312.4, counterpartName: 'Deliveroo Netherlands B.V.', description: 'Deliveroo rider uitbetaling week 45' },
    { amount: 421.85, counterpartName: 'Uber B.V.', description: 'Uber weekly payout driver earnings' },
    { amount: 156, counterpartName: 'Temper Works B.V.', description: 'Uitbetaling shift 2024-10-12' },
    { amount: 73.1, counterpartName: 'Adyen N.V.', description: 'Settlement batch 1234 merchant Koffiebar De Hoek' },
  ];

  it('reads a platform payout as other income for a consumer, never a refund', () => {
    for (const fields of payouts) {
      const result = one(fields);
      expect({ description: fields.description, category: result.category.split('.').slice(0, 2).join('.') }).toEqual({ description: fields.description, category: 'income.other' });
      expect(result.flags).not.toContain('refund');
    }
  });

  it('reads a platform payout as business income for a sole trader', () => {
    for (const fields of payouts) expect({ description: fields.description, category: one(fields, soleTrader).category.split('.').slice(0, 2).join('.') }).toEqual({ description: fields.description, category: 'income.business' });
  });

  it('reads a payout of a platform it does not know by the payout word, and leaves wages, claims and refunds as they are', () => {
    expect(one({ amount: 212.5, counterpartName: 'Koerierplatform Snel B.V.', description: 'Uitbetaling ritten week 12' }).category).toBe('income.other');
    expect(one({ amount: 212.5, counterpartName: 'Koerierplatform Snel B.V.', description: 'Payout 2024-W12' }, soleTrader).category).toBe('income.business');
    expect(one({ amount: 1800, counterpartName: 'Interpolis', description: 'Uitbetaling schade 2024-1234' }).category).toMatch(/^income\.other\.insurance-claim/);
    expect(one({ amount: 2950, counterpartName: 'Werkgever B.V.', description: 'Uitbetaling salaris maart' }).category).toBe('income.salary');
    expect(one({ amount: 45, counterpartName: 'Webwinkel B.V.', description: 'Terugbetaling retour order 991' }).category).toBe('income.refund');
  });

  it('reads money in from a marketplace or gig platform as a payout unless it says it is a refund', () => {
    const unsaid: Fields[] = [
      { amount: 35, counterpartName: 'Vinted UAB', description: 'Vinted 2026-04-12 ref 88123' },
      { amount: 120, counterpartName: 'Marktplaats B.V.', description: 'Gelijk Betaald 123456789 fiets' },
      { amount: 48.6, counterpartName: 'Etsy Ireland UC', description: 'ETSY DEPOSIT 2026-03' },
      { amount: 96.4, counterpartName: 'Temper Works B.V.', description: 'Temper 2026 week 14' },
      { amount: 211, counterpartName: 'Deliveroo Netherlands B.V.', description: 'Rider fees 01-04 t/m 14-04' },
    ];
    for (const fields of unsaid) {
      expect({ description: fields.description, category: one(fields).category }).toEqual({ description: fields.description, category: 'income.other' });
      expect({ description: fields.description, category: one(fields, soleTrader).category }).toEqual({ description: fields.description, category: 'income.business' });
    }
    expect(one({ amount: 19.5, counterpartName: 'Vinted UAB', description: 'Vinted refund order 55123' }).category).toBe('income.refund');
    expect(one({ amount: 24.95, counterpartName: 'Zalando SE', description: 'Zalando 10105566' }).category).toBe('income.refund');
  });

  it('keeps a platform refund a refund', () => {
    expect(one({ amount: 19.99, counterpartName: 'bol.com b.v.', description: 'Terugbetaling retour bestelling 1234' }).category).toBe('income.refund');
    expect(one({ amount: 14.5, counterpartName: 'Uber B.V.', description: 'Refund trip Amsterdam' }).category).toBe('income.refund');
  });
});

describe('class 3: card payments abroad keep their trade', () => {
  const card = (description: string, counterpartName: string | null = null): Fields => ({ amount: -12.4, transactionType: 'ba', currency: 'EUR', description, counterpartName });
  const cases: Case[] = [
    ['ABN Google Pay Madrid', card('BEA, Google Pay SUPERMERCADO DIA,PAS123 NR:CT456789 MADRID ESP 12.07.24/14:22'), 'expenses.groceries'],
    ['ING Lisbon supermarket', card('Pasvolgnr: 002 14-07-2024 10:11 Transactie: A1B2C3 Term: 1234', 'PINGO DOCE LISBOA PRT'), 'expenses.groceries'],
    ['Rabo Italian supermarket', card('Betaalautomaat 16:02 pasnr. 003', 'SUPERMERCATO CONAD FIRENZE ITA'), 'expenses.groceries'],
    ['bunq French hypermarket', card('CARREFOUR MARKET NICE FRA', 'CARREFOUR MARKET'), 'expenses.groceries'],
    ['Spanish pharmacy', card('BEA, Apple Pay FARMACIA LOPEZ GARCIA,PAS012 NR:XX12 SEVILLA ESP'), 'expenses.health'],
    ['French pharmacy', card('Pasvolgnr: 001', 'PHARMACIE DU PORT ANTIBES FR'), 'expenses.health'],
    ['German pharmacy', card('Betaalautomaat', 'Stadt-Apotheke Freiburg DEU'), 'expenses.health'],
    ['French bakery', card('Pasvolgnr: 004', 'BOULANGERIE PAUL LYON FRA'), 'expenses.groceries'],
    ['German bakery', card('Betaalautomaat', 'Bäckerei Schmidt GmbH München'), 'expenses.groceries'],
    ['Spanish bakery', card('BEA, Betaalpas PANADERIA SAN MARCOS,PAS002 MALAGA ESP'), 'expenses.groceries'],
    ['German petrol', card('Pasvolgnr: 002', 'ARAL TANKSTELLE KOELN DEU'), 'expenses.transport.fuel'],
    ['French petrol', card('Betaalautomaat', 'STATION-SERVICE AVIA DIJON FR'), 'expenses.transport.fuel'],
    ['Spanish petrol', card('BEA, Google Pay ESTACION DE SERVICIO REPSOL,PAS003 BURGOS ESP'), 'expenses.transport.fuel'],
    ['Italian petrol', card('Pasvolgnr: 005', 'DISTRIBUTORE ENI ROMA ITA'), 'expenses.transport.fuel'],
    ['Italian restaurant', card('Pasvolgnr: 001', 'RISTORANTE DA MARIO ROMA IT'), 'expenses.eating-out'],
    ['Greek taverna', card('Betaalautomaat', 'TAVERNA NIKOS CHANIA GRC'), 'expenses.eating-out'],
    ['Spanish restaurant', card('BEA, Apple Pay RESTAURANTE EL PATIO,PAS004 VALENCIA ESP'), 'expenses.eating-out'],
    ['Portuguese cafe', card('Pasvolgnr: 003', 'PASTELARIA BELEM LISBOA PRT'), 'expenses.eating-out'],
    ['Austrian Gasthaus', card('Betaalautomaat', 'GASTHAUS ZUR POST SALZBURG AUT'), 'expenses.eating-out'],
    ['Italian museum', card('Pasvolgnr: 002', 'MUSEO DEGLI UFFIZI FIRENZE ITA'), 'expenses.leisure'],
    ['French museum', card('BEA, Betaalpas MUSEE D ORSAY,PAS006 PARIS FRA'), 'expenses.leisure'],
    ['Spanish museum', card('Betaalautomaat', 'MUSEO NACIONAL DEL PRADO MADRID ESP'), 'expenses.leisure'],
    ['German supermarket chain', card('Pasvolgnr: 002', 'REWE Markt GmbH Berlin DEU'), 'expenses.groceries'],
    ['Spanish supermarket chain', card('BEA, Google Pay MERCADONA C/ MAYOR,PAS007 ALICANTE ESP'), 'expenses.groceries'],
  ];

  it('recognises the trade from the words merchants abroad carry and from international chains', () => {
    expectCategories(cases);
  });

  const roadAndStay: Case[] = [
    ['French motorway toll', card('Pasvolgnr: 002', 'AUTOROUTES DU SUD PEAGE NARBONNE FRA'), 'expenses.transport.car'],
    ['Spanish motorway toll in an ABN line', card('BEA, Betaalpas AUTOPISTA AP-7 PEAJE,PAS012 NR:CT44 TARRAGONA ESP'), 'expenses.transport.car'],
    ['German multi-storey car park', card('Betaalautomaat', 'PARKHAUS ALTSTADT FREIBURG DEU'), 'expenses.transport.car'],
    ['Italian car park', card('Pasvolgnr: 003', 'PARCHEGGIO STAZIONE FIRENZE ITA'), 'expenses.transport.car'],
    ['Italian motorway', card('Pasvolgnr: 003', 'AUTOSTRADE PER L ITALIA'), 'expenses.transport.car'],
    ['Austrian vignette', card('Pasvolgnr: 003', 'ASFINAG VIGNETTE'), 'expenses.transport.car'],
    ['Spanish car park', card('Pasvolgnr: 003', 'APARCAMIENTO PLAZA MAYOR MADRID ESP'), 'expenses.transport.car'],
    ['French car wash', card('Pasvolgnr: 003', 'LAVAGE AUTO ELEPHANT BLEU NICE FRA'), 'expenses.transport.car'],
    ['Portuguese filling station', card('Pasvolgnr: 003', 'ESTACAO DE SERVICO BP FARO PRT'), 'expenses.transport.fuel'],
    ['Spanish holiday flats', card('Pasvolgnr: 003', 'APARTAMENTOS SOL Y MAR'), 'expenses.travel'],
    ['Italian guest house', card('Pasvolgnr: 003', 'PENSIONE BELLAVISTA ITA'), 'expenses.travel'],
    ['Spanish bar', card('Pasvolgnr: 003', 'BAR CENTRAL SEVILLA ESP'), 'expenses.eating-out'],
    ['Austrian ski pass', card('Pasvolgnr: 003', 'SKIPASS ISCHGL'), 'expenses.leisure'],
    ['German cable car', card('Pasvolgnr: 003', 'SEILBAHN ZUGSPITZE'), 'expenses.leisure'],
    ['Spanish theme park', card('Pasvolgnr: 003', 'PARQUE WARNER MADRID'), 'expenses.leisure'],
    ['Italian ski school', card('Pasvolgnr: 003', 'SCUOLA SCI CORTINA'), 'expenses.leisure'],
    ['Croatian pharmacy', card('Pasvolgnr: 003', 'APOTEKA SPLIT'), 'expenses.health'],
  ];

  const chainsAbroad: Case[] = [
    ['French supermarket filling station', card('BEA, Betaalpas INTERMARCHE CARBURANT,PAS012 NR:CT12 AVIGNON FRA'), 'expenses.transport.fuel'],
    ['British supermarket petrol', card('Pasvolgnr: 001', 'TESCO PETROL STATION DOVER GBR'), 'expenses.transport.fuel'],
    ['a station shop stays groceries', card('Pasvolgnr: 001', 'ALBERT HEIJN STATION UTRECHT CS'), 'expenses.groceries'],
    ['Spanish hypermarket', card('BEA, Google Pay ALCAMPO,PAS012 NR:CT12 MADRID ESP'), 'expenses.groceries'],
    ['Italian discounter', card('Pasvolgnr: 003', 'EUROSPIN VERONA ITA'), 'expenses.groceries'],
    ['Austrian supermarket', card('Betaalautomaat', 'MPREIS INNSBRUCK AUT'), 'expenses.groceries'],
    ['Croatian supermarket', card('Pasvolgnr: 002', 'STUDENAC MARKET SPLIT HRV'), 'expenses.groceries'],
    ['German drugstore', card('Pasvolgnr: 002', 'ROSSMANN 1234 MUENCHEN DEU'), 'expenses.health'],
    ['Polish fuel chain in Germany', card('Pasvolgnr: 002', 'ORLEN STATION BERLIN DEU'), 'expenses.transport.fuel'],
  ];

  it('knows supermarket, drugstore and fuel chains abroad, and a supermarket\'s filling station', () => {
    expectCategories(chainsAbroad);
  });

  it('reads tolls, parking, car washes, lodging, bars, ski passes and pharmacies abroad by their words', () => {
    expectCategories(roadAndStay);
  });
});

describe('class 4: the party behind a payment processor', () => {
  const cases: Case[] = [
    ['CCV bakery', { amount: -4.8, transactionType: 'ba', counterpartName: 'CCV*BAKKERIJ JANSEN', description: 'Pasvolgnr: 001 03-04-2024 08:14 Transactie: 1A2B3C Term: CT123456' }, 'expenses.groceries'],
    ['SumUp coffee bar', { amount: -3.6, transactionType: 'ba', counterpartName: 'SumUp *Koffiebar De Zon', description: 'Pasvolgnr: 002 Transactie: 9Z8Y7X' }, 'expenses.eating-out'],
    ['Zettle market stall', { amount: -11, transactionType: 'ba', counterpartName: 'Zettle_*Kaaskraam Henk', description: 'Betaalautomaat' }, 'expenses.groceries'],
    ['Mollie iDEAL web shop', { amount: -35.95, transactionType: 'id', counterpartName: 'Stichting Mollie Payments', description: 'iDEAL 0050001234567890 Bestelling 1234 Fietsenwinkel Velo' }, 'expenses.shopping'],
    ['Adyen iDEAL', { amount: -89, transactionType: 'id', counterpartName: 'Adyen N.V.', description: 'iDEAL Transactie 1234 ziekenhuis eigen bijdrage' }, 'expenses.health'],
    ['Buckaroo', { amount: -25, counterpartName: 'Stichting Derdengelden Buckaroo', description: 'Ref 99 Tandartspraktijk Molenweg factuur 2024-18' }, 'expenses.health'],
    ['MultiSafepay', { amount: -14.5, counterpartName: 'MultiSafepay', description: 'Order 12345 Restaurant De Kroon reservering' }, 'expenses.eating-out'],
    ['Paylogic tickets', { amount: -62, counterpartName: 'Paylogic', description: 'Paylogic order 123456 festival tickets' }, 'expenses.leisure'],
    ['Paylogic theatre', { amount: -38, counterpartName: 'Paylogic B.V.', description: 'Stadsschouwburg Utrecht voorstelling 12-04' }, 'expenses.leisure'],
    ['Worldline card', { amount: -22.5, transactionType: 'ba', counterpartName: 'WL*APOTHEEK DE ROOS', description: 'Betaalpas' }, 'expenses.health'],
    ['Stripe', { amount: -9.99, transactionType: 'ba', counterpartName: 'STRIPE *YOGASTUDIO OM', description: 'Pasvolgnr: 003' }, 'expenses.leisure'],
    ['PayPal in front of a merchant', { amount: -11.99, counterpartName: 'PayPal Europe S.a.r.l. et Cie S.C.A', description: 'PAYPAL *SPOTIFY 1234567890123 Spotify P1ABC' }, 'expenses.subscriptions'],
    ['Klarna for a shop', { amount: -49.95, counterpartName: 'Klarna Bank AB', description: 'Klarna betaling Zalando bestelling 12345' }, 'expenses.shopping'],
    ['Tikkie for a restaurant', { amount: -32, counterpartName: 'AAB INZ TIKKIE', description: 'Tikkie ID 000123456789, Restaurant Het Pakhuis diner, Van Restaurant Het Pakhuis' }, 'expenses.eating-out'],
    ['Pay.nl card descriptor', { amount: -7.5, transactionType: 'ba', counterpartName: 'PAY.NL*Ijssalon Venezia', description: 'Pasvolgnr: 004' }, 'expenses.eating-out'],
    ['Viva Wallet abroad', { amount: -18.4, transactionType: 'ba', counterpartName: 'VIVA*TAVERNA TO STEKI NAXOS GRC', description: 'Betaalpas' }, 'expenses.eating-out'],
    ['Trustly in front of a web shop', { amount: -64.95, counterpartName: 'Trustly Group AB', description: 'Bestelling 4471 Boekhandel Het Leesteken' }, 'expenses.shopping'],
    ['PayPal with nothing behind it', { amount: -20, counterpartName: 'PayPal Europe S.a.r.l. et Cie S.C.A', description: '1041234567890 PAYPAL' }, 'expenses.shopping'],
  ];

  it('categorises the merchant after the prefix or named in the remittance, else falls back to the processor', () => {
    expectCategories(cases);
  });

  // Names no catalogue holds: the trade is glued into a Dutch compound, or a stall's name starts with what it sells.
  const unknownTraders: Case[] = [
    ['CCV pastry baker', { amount: -7.2, transactionType: 'ba', counterpartName: 'CCV*Banketbakkerij Van Rijn', description: 'Pasvolgnr: 002 Transactie: 1A2B Term: CT0012' }, 'expenses.groceries'],
    ['Zettle flower stall', { amount: -12.5, transactionType: 'ba', counterpartName: 'Zettle_*Bloemen Van Dijk', description: 'Betaalautomaat' }, 'expenses.shopping'],
    ['iZettle cheese shop', { amount: -9.75, transactionType: 'ba', counterpartName: 'iZ *Kaasspeciaalzaak De Wit', description: 'Betaalpas' }, 'expenses.groceries'],
    ['Square village cafe', { amount: -14.8, transactionType: 'ba', counterpartName: 'SQ *DORPSCAFE DE LINDE', description: 'Pasvolgnr: 001' }, 'expenses.eating-out'],
    ['SumUp beach cafe in an ABN card line', { amount: -22.1, transactionType: 'ba', description: 'BEA, Apple Pay SumUp *Strandcafe Noord,PAS012 NR:AB12CD, 03.07.26/15:02 ZANDVOORT' }, 'expenses.eating-out'],
    ['CCV bicycle trader', { amount: -89, transactionType: 'ba', counterpartName: 'CCV*Rijwielhandel Jansen', description: 'Betaalautomaat 10:12 pasnr. 012' }, 'expenses.shopping'],
    ['Zettle fishmonger', { amount: -16.3, transactionType: 'ba', counterpartName: 'Zettle_*Visspecialist Urk', description: 'Betaalpas' }, 'expenses.groceries'],
    ['SumUp poffertjes stall', { amount: -6, transactionType: 'ba', counterpartName: 'SumUp *Poffertjeskraam Sjaak', description: 'Betaalpas' }, 'expenses.eating-out'],
    ['SumUp greengrocer', { amount: -11.2, transactionType: 'ba', counterpartName: 'SUMUP *GROENTE EN FRUIT AHMED', description: 'Betaalpas' }, 'expenses.groceries'],
    ['Pay.nl ice-cream farm', { amount: -4.5, transactionType: 'ba', counterpartName: 'PAY.NL*IJsboerderij De Hoeve', description: 'Pasvolgnr: 004' }, 'expenses.eating-out'],
    ['CCV physiotherapy practice', { amount: -25, transactionType: 'ba', counterpartName: 'CCV*Fysiopraktijk Oost', description: 'Pasvolgnr: 004' }, 'expenses.health'],
    ['SumUp fish restaurant', { amount: -38.5, transactionType: 'ba', counterpartName: 'SumUp *Visrestaurant De Haven', description: 'Pasvolgnr: 004' }, 'expenses.eating-out'],
    ['Mollie gift shop card descriptor', { amount: -15.99, transactionType: 'ba', counterpartName: 'MOL*Kadowinkel Het Hoekje', description: 'Betaalpas' }, 'expenses.shopping'],
    ['CCV dry cleaner', { amount: -12, transactionType: 'ba', counterpartName: 'CCV*Stomerij Ketelaar', description: 'Betaalpas' }, 'expenses.other'],
    ['English trade word: coffee roasters', { amount: -4.2, transactionType: 'ba', counterpartName: 'SumUp *Noord Coffee Roasters', description: 'Betaalpas' }, 'expenses.eating-out'],
    ['English trade word: vintage boutique', { amount: -45, transactionType: 'ba', counterpartName: 'Zettle_*Lola Vintage Boutique', description: 'Betaalpas' }, 'expenses.shopping'],
    ['padel court', { amount: -32, transactionType: 'ba', counterpartName: 'CCV*Padel Oost', description: 'Betaalpas' }, 'expenses.leisure'],
    ['farm shop', { amount: -14.6, transactionType: 'ba', counterpartName: 'SumUp *Hofwinkel De Ploeg', description: 'Betaalpas' }, 'expenses.groceries'],
    ['Mollie tea web shop', { amount: -27.9, transactionType: 'id', counterpartName: 'Stichting Mollie Payments', description: 'SEPA iDEAL IBAN: NL12ABNA0123456789 BIC: ABNANL2A Naam: Stichting Mollie Payments Omschrijving: 1234567890 0050001234567890 Bestelling Theewinkeltje.nl Kenmerk: 03-03-2026 12:01' }, 'expenses.groceries'],
    ['Buckaroo shoe shop', { amount: -44.95, counterpartName: 'Stichting Derdengelden Buckaroo', description: 'Order 88123 Schoenenzaak Stap' }, 'expenses.shopping'],
    ['Pay.nl toy web shop', { amount: -31, counterpartName: 'Stichting Pay.nl', description: '12345678 Speelgoedwebshop Kiekeboe' }, 'expenses.shopping'],
    ['MultiSafepay wine web shop', { amount: -64.5, counterpartName: 'MultiSafepay', description: 'Bestelling 55123 Wijnwebshop Vino' }, 'expenses.groceries'],
  ];

  const providersWritten: Case[] = [
    ['iZettle under its legal name', { amount: -34.95, counterpartName: 'iZettle AB', description: 'Boekhandel De Omslag 12-04-2026' }, 'expenses.shopping'],
    ['Zettle by PayPal', { amount: -12.5, transactionType: 'ba', counterpartName: 'Zettle by PayPal', description: 'Lunchroom De Kop 12-04-2026' }, 'expenses.eating-out'],
    ['a PayPal descriptor inside the remittance', { amount: -23.1, counterpartName: 'PayPal Europe S.a.r.l. et Cie S.C.A', description: '1043456789012 PAYPAL *KAASHANDEL NOORD 1234' }, 'expenses.groceries'],
    ['a SumUp descriptor inside an ING remittance', { amount: -8.2, description: 'Omschrijving: SumUp *De Kaaskraam 12-04-2026 10:32' }, 'expenses.groceries'],
    ['Lightspeed web shop', { amount: -25, counterpartName: 'Lightspeed Payments Netherlands B.V.', description: 'Bestelling 5512 Fietsenwinkel Velo' }, 'expenses.shopping'],
    ['GoCardless collecting for a gym', { amount: -39, transactionType: 'ei', counterpartName: 'GoCardless Ltd', description: 'Sportschool FitLife lidmaatschap april' }, 'expenses.leisure'],
  ];

  // How the providers' descriptors reach a statement: glued (PayPal drops spaces), in CamelCase as a merchant typed it
  // into a terminal app, as "<shop> via <provider>", or only in the remittance after order numbers.
  const descriptorsAsPrinted: Case[] = [
    ['PayPal glued trade word and name', { amount: -24.95, counterpartName: 'PayPal Europe S.a.r.l. et Cie S.C.A', description: '1046677889900 PAYPAL *SLAGERIJDEROOS' }, 'expenses.groceries'],
    ['PayPal glued catalogue name with its domain', { amount: -31.5, counterpartName: 'PayPal Europe S.a.r.l. et Cie S.C.A', description: '1041122334455 PAYPAL *THUISBEZORGDNL' }, 'expenses.eating-out'],
    ['PayPal glued trade word and place', { amount: -14, counterpartName: 'PayPal Europe S.a.r.l. et Cie S.C.A', description: '1047766554433 PAYPAL *DIERENARTSPRAKTIJKZUID' }, 'expenses.other'],
    ['SumUp name typed in CamelCase', { amount: -6.8, transactionType: 'ba', counterpartName: 'SumUp *BakkerijVanDam', description: 'Betaalpas' }, 'expenses.groceries'],
    ['Zettle CamelCase café', { amount: -9.4, transactionType: 'ba', counterpartName: 'Zettle_*EetcafeHetAnker', description: 'Pasvolgnr: 002' }, 'expenses.eating-out'],
    ['shop via provider as counterparty', { amount: -27.5, transactionType: 'id', counterpartName: 'Slagerij Koster via Stichting Mollie Payments', description: 'Bestelling 4412' }, 'expenses.groceries'],
    ['Klarna: "Betaling aan" a shop', { amount: -59.9, counterpartName: 'Klarna Bank AB', description: 'Betaling aan Schoenenwinkel Kuipers ref 88123' }, 'expenses.shopping'],
    ['Mollie: shop after two references and an order word', { amount: -18.2, transactionType: 'id', counterpartName: 'Stichting Mollie Payments', description: 'M8812345678 0050009988776655 Order 5521 Apotheek De Linde' }, 'expenses.health'],
    ['Adyen: a hotel booked online', { amount: -189, counterpartName: 'Adyen N.V.', description: '7712345678 0030004455667788 Hotel De Sterrenberg reservering' }, 'expenses.travel'],
    ['Stripe: a lesson booked online', { amount: -45, counterpartName: 'Stripe Payments Europe Ltd', description: 'Pilatesstudio Kern 10-rittenkaart' }, 'expenses.leisure'],
    ['the provider only in an ABN AMRO narrative, the shop in /REMI/', { amount: -27.4, description: '/TRTP/iDEAL/IBAN/NL12ABNA0123456789/BIC/ADYBNL2A/NAME/Stichting Adyen/REMI/Takeaway.com Order 99812/EREF/1234' }, 'expenses.eating-out'],
    ['a maker of what it sells', { amount: -30, counterpartName: 'Stichting Mollie Payments', description: 'Bestelling #1234 Kaasmakerij Henri' }, 'expenses.groceries'],
    ['a repairer of what is named', { amount: -13, transactionType: 'ba', counterpartName: 'SumUp *Fietsreparatie Piet', description: 'Betaalpas' }, 'expenses.shopping'],
    ['a web address with its article glued on', { amount: -41.2, counterpartName: 'Stichting Mollie Payments', description: 'Order 5512 www.devisspecialist.nl' }, 'expenses.groceries'],
    ['English trade words: fishmonger', { amount: -16.5, transactionType: 'ba', counterpartName: 'SumUp *Harbour Fishmonger', description: 'Betaalpas' }, 'expenses.groceries'],
    ['English trade words: record store', { amount: -24, transactionType: 'ba', counterpartName: 'Zettle_*Corner Record Store', description: 'Betaalpas' }, 'expenses.shopping'],
    ['English trade words: pet shop', { amount: -18.9, transactionType: 'ba', counterpartName: 'SumUp *Happy Pet Shop', description: 'Betaalpas' }, 'expenses.shopping'],
    ['English trade words: tea house', { amount: -7.5, transactionType: 'ba', counterpartName: 'SQ *LOTUS TEA HOUSE', description: 'Betaalpas' }, 'expenses.eating-out'],
    ['a bank on behalf of Tikkie', { amount: -9.5, counterpartName: 'ABN AMRO Bank NV inz. Tikkie', description: 'Tikkie ID 000555666777 Pizza avond Van J. Smit' }, 'expenses.to-people'],
    ['a provider on behalf of a shop', { amount: -23.8, transactionType: 'id', counterpartName: 'Stichting Mollie Payments inzake Kaashuis Tromp', description: 'Bestelling 8812' }, 'expenses.groceries'],
    ['Tikkie from a business with its legal form', { amount: -21, counterpartName: 'AAB INZ TIKKIE', description: 'Tikkie ID 000987654321, borrel vrijdag, Van Eetcafe De Buren B.V., NL12ABNA0123456789' }, 'expenses.eating-out'],
  ];

  it('reads the party behind a provider from a glued or CamelCase descriptor, a "<shop> via <provider>" name and the remittance', () => {
    expectCategories(descriptorsAsPrinted);
  });

  it("reads a provider's own charges as a business cost of a sole trader, not as a purchase", () => {
    const charges: Case[] = [
      ['terminal fees', { amount: -24.2, transactionType: 'ei', counterpartName: 'Worldline Nederland B.V.', description: 'SEPA Incasso Omschrijving: Transactiekosten maart 2026 factuur 5512' }, 'expenses.business'],
      ['terminal hire', { amount: -21.78, transactionType: 'ei', counterpartName: 'CCV Nederland B.V.', description: 'Huur betaalautomaat april 2026' }, 'expenses.business'],
      ['card fees', { amount: -3.1, counterpartName: 'SumUp Limited', description: 'SumUp kosten 04-2026' }, 'expenses.business'],
    ];
    expectCategories(charges, soleTrader);
    // a purchase whose remittance mentions the provider's fee is still the purchase
    expect(one({ amount: -32.5, transactionType: 'id', counterpartName: 'Stichting Mollie Payments', description: 'Bestelling 7712 Bloemisterij Hof incl. transactiekosten' }, soleTrader).category).toBe('expenses.shopping');
  });

  it('knows a provider under its legal name and a descriptor written inside the remittance', () => {
    expectCategories(providersWritten);
  });

  it('reads the trade of a merchant no catalogue holds from the compound or the first word of its name', () => {
    expectCategories(unknownTraders);
  });

  it("knows a provider behind its client-money foundation's or company's name, not as a charity", () => {
    expectCategories([
      ['Mollie Payments Company B.V.', { amount: -20, counterpartName: 'Mollie Payments Company B.V.', description: 'Order 123 Bol.com' }, 'expenses.shopping'],
      ['Stichting Ginger Payments', { amount: -12, counterpartName: 'Stichting Ginger Payments', description: 'Order 123456 Slagerij De Vries' }, 'expenses.groceries'],
      ['Rabo Smart Pay Derdengelden', { amount: -9, counterpartName: 'Stichting Rabo Smart Pay Derdengelden', description: 'Bestelling 12345 Bakkerij Online' }, 'expenses.groceries'],
      ['Stichting Beheer Derdengelden Buckaroo', { amount: -40, counterpartName: 'Stichting Beheer Derdengelden Buckaroo', description: '1234567890 Boekhandel Van Dam' }, 'expenses.shopping'],
    ]);
    // a foundation that is no provider stays what it is
    expect(one({ amount: -25, counterpartName: 'Stichting Vrienden van het Hospice', description: 'Gift' }).category).toBe('expenses.charity');
  });

  it('reads the trade of a compound whose head the terminal cut at its width', () => {
    expectCategories([
      ['Dierenapothe(ek)', { amount: -14, transactionType: 'bc', counterpartName: 'SumUp *Dierenapothe' }, 'expenses.health'],
      ['Pannenkoekenrestaura(nt)', { amount: -31, transactionType: 'bc', counterpartName: 'CCV*PANNENKOEKENRESTAURA' }, 'expenses.eating-out'],
      ['Kaasspeciaalzaa(k)', { amount: -11, transactionType: 'bc', counterpartName: 'Zettle_*Kaasspeciaalzaa' }, 'expenses.groceries'],
    ]);
    // a whole word that starts a head ("groen", "brood") is no cut compound
    expect(one({ amount: -6, transactionType: 'bc', counterpartName: 'SQ*VEGGIEBAR GROEN' }).category).not.toBe('expenses.groceries');
  });

  it('reads no trade into a person or a firm named after one ("J. Bakker", "Bakker Installatietechniek")', () => {
    expect(one({ amount: -25, counterpartName: 'J. Bakker', description: 'voor de bloemen' }).category).toBe('expenses.to-people');
    expect(one({ amount: -500, counterpartName: 'Bakker Installatietechniek B.V.', description: 'Factuur 2026-118' }).category).toBe('expenses.other');
    expect(one({ amount: -120, counterpartName: 'Advocatenpraktijk Smit', description: 'Declaratie 2026-04' }).category).not.toBe('expenses.health');
  });

  it('guesses, with a low confidence, a café or stall behind a card terminal and a web shop behind an online processor when nothing names the trade', () => {
    const terminal = one({ amount: -8.4, transactionType: 'ba', counterpartName: 'SumUp *De Gouden Leeuw', description: 'Betaalpas' });
    expect(terminal).toMatchObject({ category: 'expenses.eating-out', source: expect.stringMatching(/^model:/) });
    expect(terminal.confidence).toBeLessThan(0.5);
    const online = one({ amount: -39.95, transactionType: 'id', counterpartName: 'Stichting Mollie Payments', description: 'iDEAL 0050001234567890 Bestelling 5512 Studio Noor' });
    expect(online).toMatchObject({ category: 'expenses.shopping', source: expect.stringMatching(/^model:/) });
    expect(online.confidence).toBeLessThan(0.5);
  });
});

describe('class 5: one organisation, several categories', () => {
  const cases: Case[] = [
    ['insurer car premium', { amount: -48.2, transactionType: 'ei', counterpartName: 'Centraal Beheer', description: 'Premie autoverzekering polis 12345678 periode 01-05' }, 'expenses.insurance.other'],
    ['health insurer travel cover', { amount: -6.5, transactionType: 'ei', counterpartName: 'Zilveren Kruis Achmea', description: 'Premie doorlopende reisverzekering polis 8812' }, 'expenses.insurance.other'],
    ['health insurer home cover', { amount: -14.3, transactionType: 'ei', counterpartName: 'FBTO', description: 'Premie woonverzekering inboedel en opstal' }, 'expenses.insurance.other'],
    ['health insurer liability', { amount: -4.1, transactionType: 'ei', counterpartName: 'OHRA Zorgverzekeringen', description: 'Premie aansprakelijkheid (AVP) polis 99' }, 'expenses.insurance.other'],
    ['insurer casco premium', { amount: -61.3, transactionType: 'ei', counterpartName: 'Univé', description: 'Premie WA beperkt casco kenteken AB-123-C' }, 'expenses.insurance.other'],
    ['health insurer funeral cover', { amount: -9.8, transactionType: 'ei', counterpartName: 'DSW Zorgverzekeraar', description: 'Premie uitvaart polis 44' }, 'expenses.insurance.other'],
    ['health insurer basic cover', { amount: -142.75, transactionType: 'ei', counterpartName: 'Zilveren Kruis Achmea', description: 'Premie basisverzekering mei' }, 'expenses.insurance.health'],
    ['car insurer health premium', { amount: -138.2, transactionType: 'ei', counterpartName: 'Centraal Beheer', description: 'Premie zorgverzekering mei polis 551234' }, 'expenses.insurance.health'],
    ['insurer basic and supplementary cover', { amount: -142.75, transactionType: 'ei', counterpartName: 'Interpolis', description: 'Premie basisverzekering en aanvullende verzekering juni' }, 'expenses.insurance.health'],
    ['insurer health premium in one word', { amount: -128, transactionType: 'ei', counterpartName: 'a.s.r. Schadeverzekering N.V.', description: 'Zorgpremie 2026-05' }, 'expenses.insurance.health'],
    ['insurer sickness-cost cover', { amount: -118, transactionType: 'ei', counterpartName: 'Nationale-Nederlanden', description: 'Premie ziektekostenverzekering 06-2026' }, 'expenses.insurance.health'],
    ['BsGW', { amount: -61.2, transactionType: 'ei', counterpartName: 'BsGW', description: 'Aanslagnr 123456789 termijn 3 van 10' }, 'expenses.housing.local-taxes'],
    ['Belastingsamenwerking', { amount: -38.5, counterpartName: 'Belastingsamenwerking Rivierenland', description: 'Aanslag 2024 termijn 2' }, 'expenses.housing.local-taxes'],
    ['GBLT', { amount: -27.1, transactionType: 'ei', counterpartName: 'GBLT', description: 'Waterschapsbelasting termijn 4' }, 'expenses.housing.local-taxes'],
    ['municipality tax', { amount: -45, counterpartName: 'Gemeente Haarlem', description: 'Aanslag gemeentelijke belastingen 2024 termijn 5' }, 'expenses.housing.local-taxes'],
    ['municipality parking', { amount: -7.2, counterpartName: 'Gemeente Amsterdam', description: 'Parkeren Centrum 12-04 kenteken AB123C' }, 'expenses.transport.car'],
    ['municipality passport', { amount: -77.25, counterpartName: 'Gemeente Utrecht', description: 'Leges paspoort' }, 'expenses.other.government-fees'],
    ['ING foreign withdrawal fee', { amount: -2.25, transactionType: 'gm', description: 'Kosten geldopname buitenland 12-07-2024 MADRID' }, 'expenses.bank-fees'],
    ['ABN withdrawal fee', { amount: -1.5, counterpartName: 'ABN AMRO Bank N.V.', description: 'Kosten opname geldautomaat buiten eurozone' }, 'expenses.bank-fees'],
    ['Rabo withdrawal fee', { amount: -2.5, transactionType: 'kh', description: 'Geldopname buitenland kosten PAS012' }, 'expenses.bank-fees'],
    ['English ATM fee', { amount: -3, description: 'ATM withdrawal fee LONDON GBR' }, 'expenses.bank-fees'],
    ['the withdrawal itself', { amount: -100, transactionType: 'gm', description: 'GEA, Betaalpas CAIXABANK,PAS012 NR:1234 BARCELONA ESP' }, 'expenses.cash'],
  ];

  it('reads the remittance, not only the name', () => {
    expectCategories(cases);
  });
});

describe('class 6: sole traders', () => {
  const cases: Case[] = [
    ['wholesaler', { amount: -212.4, transactionType: 'ba', counterpartName: 'SLIGRO 123 UTRECHT', description: 'Pasvolgnr: 001' }, 'expenses.business'],
    ['food wholesaler', { amount: -98, counterpartName: 'Hanos Amsterdam', description: 'Betaalpas' }, 'expenses.business'],
    ['building materials', { amount: -340, counterpartName: 'Bouwmaat Nijmegen', description: 'Betaalautomaat' }, 'expenses.business'],
    ['building material supplier', { amount: -189.9, counterpartName: 'Stiho Bouwmaterialen', description: 'Factuur 2024-0312' }, 'expenses.business'],
    ['hosting', { amount: -8.47, transactionType: 'ei', counterpartName: 'TransIP B.V.', description: 'Factuur hosting domeinnamen' }, 'expenses.business'],
    ['web hosting by remittance', { amount: -12.1, counterpartName: 'Kleine Provider B.V.', description: 'Webhosting en domeinnaam 2024' }, 'expenses.business'],
    ['bookkeeping software', { amount: -15, transactionType: 'ei', counterpartName: 'Moneybird B.V.', description: 'Abonnement boekhoudpakket' }, 'expenses.business'],
    ['bookkeeper', { amount: -250, counterpartName: 'Administratiekantoor De Vries', description: 'Factuur jaarrekening 2023' }, 'expenses.business'],
    ['groceries stay groceries', { amount: -48.2, transactionType: 'ba', counterpartName: 'ALBERT HEIJN 1403 AMSTERDAM', description: 'Pasvolgnr: 001' }, 'expenses.groceries'],
    ['bakery stays groceries', { amount: -6.4, transactionType: 'ba', counterpartName: 'CCV*BAKKERIJ JANSEN', description: 'Pasvolgnr: 002' }, 'expenses.groceries'],
    ['client invoice', { amount: 1210, counterpartName: 'Jansen Bouw B.V.', description: 'Factuur 2024-017 werkzaamheden april' }, 'income.business'],
    ['client paying by invoice number', { amount: 605, counterpartName: 'Stichting Welzijn Oost', description: 'Betaling factuurnr 2024-22' }, 'income.business'],
    ['platform payout', { amount: 87.2, counterpartName: 'bol.com b.v.', description: 'BOL.COM UITBETALING 2024-12 partner 1234567' }, 'income.business'],
  ];

  it('reads trade purchases as business costs and client money as business income, household spending as it was', () => {
    expectCategories(cases, soleTrader);
  });

  const moreTrade: Case[] = [
    ['office software a household uses too', { amount: -11.99, transactionType: 'ei', counterpartName: 'Microsoft Ireland Operations Ltd', description: 'Microsoft 365 Business Standard' }, 'expenses.business'],
    ['design tool', { amount: -12.09, transactionType: 'ba', counterpartName: 'CANVA* 04112233', description: 'Pasvolgnr: 001' }, 'expenses.business'],
    ['a software licence from an unknown vendor', { amount: -49, counterpartName: 'Planwerk Software B.V.', description: 'Licentie planningsmodule 2026' }, 'expenses.business'],
    ['a wholesaler named in a compound', { amount: -312.5, counterpartName: 'Verpakkingsgroothandel Noord', description: 'Factuur 2026-0412' }, 'expenses.business'],
    ['work clothes', { amount: -89.9, counterpartName: 'Werkkleding Direct', description: 'Bestelling 4471' }, 'expenses.business'],
    ['a supplier invoice naming its VAT', { amount: -605, counterpartName: 'Houtbewerking Jansen', description: 'Factuur 2026-031 incl. 21% btw' }, 'expenses.business'],
    ['a subcontractor invoicing in their own name', { amount: -1450, counterpartName: 'P. de Groot', description: 'Factuur 2026-07 werkzaamheden badkamer' }, 'expenses.business'],
    ['a subcontractor paid for hours', { amount: -960, counterpartName: 'M. Yilmaz', description: 'Uren week 14 en 15 project Dorpsstraat' }, 'expenses.business'],
    ['a reverse-charge invoice', { amount: -2100, counterpartName: 'Tegelzetbedrijf Kok', description: 'F2026-044 btw verlegd' }, 'expenses.business'],
    ['VAT paid to the tax office stays a tax', { amount: -1830, counterpartName: 'Belastingdienst', description: 'Aangifte omzetbelasting Q1 2026' }, 'expenses.taxes'],
    ['a friend paid back stays money to people', { amount: -25, counterpartName: 'P. de Groot', description: 'bioscoop zaterdag' }, 'expenses.to-people'],
  ];

  it('reads software, wholesalers, work clothes and invoices from suppliers no catalogue holds as business costs', () => {
    expectCategories(moreTrade, soleTrader);
  });

  it('reads "btw" on a supplier\'s invoice as no VAT payment, also for a household', () => {
    expect(one({ amount: -242, counterpartName: 'Klusbedrijf Van Dam', description: 'Factuur 2026-118 incl btw' }).category).not.toMatch(/^expenses\.taxes/);
    expect(one({ amount: -1830, counterpartName: 'Belastingdienst', description: 'btw 1e kwartaal 2026' }, soleTrader).category).toMatch(/^expenses\.taxes/);
  });

  it('leaves the same purchases household spending without a KvK number', () => {
    expect(one({ amount: -212.4, transactionType: 'ba', counterpartName: 'SLIGRO 123 UTRECHT', description: 'Pasvolgnr: 001' }).category).toBe('expenses.groceries');
  });
});

describe('class 4, fifth round: the party where a provider\'s text names it', () => {
  const tikkie = 'AAB INZ TIKKIE';
  const requestsInOtherLayouts: Case[] = [
    ['ING iDEAL line with a Tikkie of a dance school', { amount: -42, transactionType: 'id', counterpartName: tikkie, description: 'Naam: AAB INZ TIKKIE Omschrijving: 0030001234567 Tikkie ID 001122334455, Proefles, Dansschool Pirouette IBAN: NL13ABNA0535212221 Kenmerk: 12-03-2026 09:14 0030001234567890' }, 'expenses.leisure'],
    ['Rabobank bare remittance with a lunchroom\'s Tikkie', { amount: -18.6, counterpartName: 'Tikkie', description: '0030001122334455 Tikkie ID 004455667788, Lunch, Lunchroom De Kade 0030009988776655' }, 'expenses.eating-out'],
    ['ABN AMRO narrative with a tennis club\'s Tikkie', { amount: -35, description: '/TRTP/iDEAL/IBAN/NL13ABNA0535212221/BIC/ABNANL2A/NAME/AAB INZ TIKKIE/REMI/0030001234 Tikkie ID 000777888999, Contributie, Tennisvereniging Smash/EREF/12-03-2026 10:02 0030001' }, 'expenses.leisure'],
    ['iDEAL line with a garden centre\'s Tikkie, no "Van"', { amount: -64.5, transactionType: 'id', counterpartName: 'Tikkie', description: 'iDEAL Tikkie 0030001234567890 Tikkie ID 000321654987, Bestelling, Tuincentrum De Linde 0030009876543210' }, 'expenses.shopping'],
    ['a person\'s Tikkie inside an iDEAL line stays between people', { amount: -12.5, transactionType: 'id', counterpartName: 'Tikkie', description: 'iDEAL Tikkie 0030001234567890 Tikkie ID 000123123123, Pizza, J. de Vries 0030001234567890' }, 'expenses.to-people'],
    ['a Tikkie "via Tikkie" names no requester: between people', { amount: -9, transactionType: 'id', counterpartName: tikkie, description: 'SEPA iDEAL IBAN: NL13ABNA0535212221 BIC: ABNANL2A Naam: AAB INZ TIKKIE Omschrijving: 001234567890 Tikkie ID 001234567890, Pizza, Via Tikkie Kenmerk: 01-02-2026 12:30 0012345678901234' }, 'expenses.to-people'],
  ];

  it('reads a Tikkie\'s requester wherever the request stands, with or without "Van": a business is its trade, a person between people', () => {
    expectCategories(requestsInOtherLayouts);
  });

  it('does not read a Tikkie asked for by an organisation as money to a person, also when its name tells no trade', () => {
    expect(one({ amount: -15, counterpartName: tikkie, description: 'Tikkie ID 000456456456, Bijdrage buurtfeest, Vereniging Buurtbelangen Oost' }).category).not.toBe('expenses.to-people');
  });

  const shopAfterAPreposition: Case[] = [
    ['PayPal in German, on an ING line', { amount: -62, transactionType: 'id', counterpartName: 'PayPal Europe S.a.r.l. et Cie S.C.A', description: 'Naam: PayPal Europe S.a.r.l. et Cie S.C.A Omschrijving: 1041234567890 PAYPAL 0030001234567890 Ihr Einkauf bei Tandartspraktijk Molenweg IBAN: LU89751000135104200E Kenmerk: 02-03-2026 11:02 0030001234567890' }, 'expenses.health'],
    ['PayPal in French, on an iDEAL line', { amount: -189, transactionType: 'id', counterpartName: 'PayPal Europe S.a.r.l. et Cie S.C.A', description: 'iDEAL 1041234567890 PAYPAL 0030001234567890 Votre achat chez Hotel Les Tilleuls' }, 'expenses.travel'],
    ['PayPal to a foundation', { amount: -25, transactionType: 'id', counterpartName: 'PayPal Europe S.a.r.l. et Cie S.C.A', description: 'iDEAL 1041234567890 PAYPAL 0030001234567890 Uw aankoop bij Stichting Dierenopvang De Wissel' }, 'expenses.charity'],
    ['Klarna "… bij …" on an ABN AMRO transfer', { amount: -48, transactionType: 'tb', counterpartName: 'Klarna Bank AB', description: '/TRTP/SEPA OVERBOEKING/IBAN/NL87DEUT0123456789/BIC/DEUTNL2A/NAME/Klarna Bank AB/REMI/Klarna betaling 123456789 Gift bij Stichting Vrienden van het Hospice/EREF/NOTPROVIDED' }, 'expenses.charity'],
    ['Klarna "… bij …" on a Knab iDEAL line', { amount: -31, transactionType: 'IDEAL', counterpartName: 'Klarna Bank AB', description: 'iDEAL betaling Klarna Bank AB 0030001234567890 Klarna betaling 987654321 Bestelling bij Kaas & Zo' }, 'expenses.groceries'],
  ];

  it('reads the shop a PayPal or Klarna remittance names after "bij", "bei" or "chez"', () => {
    expectCategories(shopAfterAPreposition);
  });

  it('reads a provider behind its name and what it does ("Worldline Merchant Services") as the provider, the shop from the remittance', () => {
    expectCategories([
      ['Worldline Merchant Services, transfer', { amount: -45, transactionType: 'ovb', counterpartName: 'Worldline Merchant Services', description: 'Overboeking naar Worldline Merchant Services NL72ABNA0123456789 Dierenkliniek Zuid consult TRX 541934462645' }, 'expenses.other.pets'],
      ['Worldline Merchant Services, iDEAL', { amount: -27, transactionType: 'id', counterpartName: 'Worldline Merchant Services', description: 'iDEAL NL72ABNA0123456789 Worldline Merchant Services 0030001234567890 Pizzeria Napoli bestelling TRX 885583058709' }, 'expenses.eating-out'],
      ['Worldline Merchant Services, nothing named behind it: an online purchase', { amount: -39, transactionType: 'id', counterpartName: 'Worldline Merchant Services', description: 'iDEAL NL72ABNA0123456789 Worldline Merchant Services 0030001234567890 Bestelling 55123 TRX 885583058710' }, 'expenses.shopping'],
    ]);
    expect(one({ amount: -24.2, transactionType: 'ei', counterpartName: 'Worldline Merchant Services', description: 'SEPA Incasso Omschrijving: Transactiekosten maart 2026' }, soleTrader).category).toBe('expenses.business');
  });

  const tradesOfCareGrowersAndPlay: Case[] = [
    ['a therapy in a compound, behind Buckaroo', { amount: -65, counterpartName: 'Stichting Derdengelden Buckaroo', description: '8812345678 Oefentherapie Centrum Zuid consult 221133' }, 'expenses.health'],
    ['a skin clinic at a terminal', { amount: -80, transactionType: 'ba', counterpartName: 'Zettle_*Huidkliniek Noord', description: 'Betaalpas' }, 'expenses.health'],
    ['a market garden at a terminal', { amount: -23.4, transactionType: 'ba', counterpartName: 'CCV*Tuinderij Het Veld', description: 'BEA CCV*Tuinderij Het Veld ZWOLLE 03-05-26 10:12 pas 002' }, 'expenses.groceries'],
    ['a beekeeper at a market', { amount: -9.5, transactionType: 'ba', counterpartName: 'SumUp  *Imkerij De Honingraat', description: 'Betaalpas' }, 'expenses.groceries'],
    ['a climbing forest behind Mollie', { amount: -54, transactionType: 'id', counterpartName: 'Stichting Mollie Payments', description: 'Bestelling 4412 Klimbos Veluwe 2 personen' }, 'expenses.leisure'],
    ['a festival in a compound behind Adyen', { amount: -79, counterpartName: 'Adyen N.V.', description: 'Najaarsfestival Dukdalf weekendkaart 0030001234567890' }, 'expenses.leisure'],
  ];

  it('reads therapies and clinics, growers and beekeepers, climbing forests and festivals as their trades', () => {
    expectCategories(tradesOfCareGrowersAndPlay);
  });
});

describe('class 4, sixth round: what a shop behind a provider is, from its name and its remittance', () => {
  it('reads a plural ware in the form it takes in a compound ("eier" of "eieren") as what a shop sells', () => {
    expectCategories([
      ['an egg stall at a terminal', { amount: -6.2, transactionType: 'ba', counterpartName: 'SumUp  *Eierkraam De Leghen', description: 'Betaalpas' }, 'expenses.groceries'],
      ['an egg trader on an ABN AMRO card line', { amount: -4.8, transactionType: 'ba', description: 'BEA, Betaalpas   CCV*Eierhandel Brummelkamp,PAS012 NR:AB12CD34, 03.05.26/10:12 DALFSEN' }, 'expenses.groceries'],
    ]);
  });

  it('reads a hall that sells what is named before it as that trade, and a sports hall as leisure', () => {
    expectCategories([
      ['a fish hall at a terminal', { amount: -14.5, transactionType: 'ba', counterpartName: 'CCV*Vishal Scheveningen', description: 'Betaalpas' }, 'expenses.groceries'],
      ['a carpet hall', { amount: -240, transactionType: 'ba', counterpartName: 'SumUp *Tapijthal Oost', description: 'Betaalpas' }, 'expenses.shopping'],
      ['a sports hall', { amount: -7.5, transactionType: 'ba', counterpartName: 'CCV*Sporthal De Vijf Eiken', description: 'Betaalpas' }, 'expenses.leisure'],
    ]);
  });

  it('does not read a wage or benefit word in a shop\'s name at a terminal or behind a provider as a wage or a benefit', () => {
    expectCategories([
      ['a bike repairer at a terminal', { amount: -32, transactionType: 'ba', counterpartName: 'Zettle_*Fietsenmaker Van Loon', description: 'Betaalpas' }, 'expenses.shopping'],
      ['a garage paid by iDEAL', { amount: -89, transactionType: 'id', counterpartName: 'Stichting Mollie Payments', description: 'Bestelling 7712 Autogarage Loonstra APK' }, 'expenses.transport.car'],
    ]);
    expect(one({ amount: 12.5, transactionType: 'ba', counterpartName: 'SumUp *Lunchroom Het Pensioen', description: 'Terugboeking betaalautomaat' }).category).toBe('income.refund');
    expect(one({ amount: 2450, transactionType: 'ov', counterpartName: 'Bouwbedrijf Stoop B.V.', description: 'Salaris maart 2026' }).category).toBe('income.salary');
  });

  it('reads the shop a provider names before "via" and its own name in the remittance', () => {
    expectCategories([
      ['MultiSafepay, a music shop whose name holds a leisure word', { amount: -129, transactionType: 'id', counterpartName: 'Stichting MultiSafepay', description: 'Order 55218834 Muziekwinkel Concertino via MultiSafepay 0030001234567890' }, 'expenses.shopping'],
      ['Mollie, a cookware shop on an ING line', { amount: -44, transactionType: 'id', counterpartName: 'Stichting Mollie Payments', description: 'Naam: Stichting Mollie Payments Omschrijving: Bestelling 99812 Kookwinkel De Pan via Mollie IBAN: NL13ABNA0535212221 Kenmerk: 12-03-2026 09:14 0030001234567890' }, 'expenses.shopping'],
    ]);
  });

  it('reads a kitchen a shop\'s name serves as eating out, at a terminal and behind a provider, PayPal or Klarna; a trade named beside it first', () => {
    expectCategories([
      ['a wok restaurant at a terminal', { amount: -27.5, transactionType: 'ba', counterpartName: 'SumUp  *Golden Wok Zwolle', description: 'Betaalpas' }, 'expenses.eating-out'],
      ['a Lebanese take-away behind Buckaroo', { amount: -31, transactionType: 'id', counterpartName: 'Stichting Derdengelden Buckaroo', description: '4412338811 Libanees Cedar Garden Bestelling 1123 0030001234567890' }, 'expenses.eating-out'],
      ['a Vietnamese kitchen behind PayPal on a transfer', { amount: -22, transactionType: 'tb', counterpartName: 'PayPal Europe S.a.r.l. et Cie S.C.A', description: '/TRTP/SEPA OVERBOEKING/IBAN/LU89751000135104200E/BIC/PPLXLULL/NAME/PayPal Europe S.a.r.l. et Cie S.C.A/REMI/1041234567890 PAYPAL 0030001234567890 Ihr Einkauf bei Pho Hanoi Vietnamees/EREF/NOTPROVIDED' }, 'expenses.eating-out'],
      ['a Thai supermarket is a supermarket', { amount: -18.4, transactionType: 'ba', counterpartName: 'CCV*Thaise Supermarkt Ruan', description: 'Betaalpas' }, 'expenses.groceries'],
    ]);
  });

  it('reads a request for an order under a name that is no person\'s as a purchase, also for a sole trader; a person\'s stays between people, also one named like a trade', () => {
    const order: Fields = { amount: -36, transactionType: 'id', counterpartName: 'AAB INZ TIKKIE', description: 'Naam: AAB INZ TIKKIE Omschrijving: Tikkie ID 000111222333, Order, Pixelpunt Amsterdam IBAN: NL13ABNA0535212221 Kenmerk: 12-03-2026 09:14 0030001234567890' };
    expect(one(order).category).toBe('expenses.shopping');
    expect(one(order, soleTrader).category).toBe('expenses.shopping');
    expect(one({ amount: -14, transactionType: 'id', counterpartName: 'AAB INZ TIKKIE', description: 'Tikkie ID 000444555666, Bestelling pizza, Sanne Bakker' }).category).toBe('expenses.to-people');
  });

  it('reads a foundation named after a known organisation as that organisation, a bare foundation as before', () => {
    expectCategories([
      ['a pay-later service\'s client-money foundation', { amount: -58, transactionType: 'id', counterpartName: 'Stichting Riverty Derdengelden', description: 'Betaling factuur 1234567 Riverty' }, 'expenses.shopping'],
      ['an unknown foundation', { amount: -20, transactionType: 'tb', counterpartName: 'Stichting Het Groene Hart', description: 'Gift' }, 'expenses.charity'],
    ]);
  });
});
