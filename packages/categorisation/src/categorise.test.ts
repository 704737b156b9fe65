import { canonicalCategoryOf, transactionFlags, type TransactionDto } from '@obp/contracts';
import { categorise, categoriseOne, CATEGORISER_VERSION, type CategoriseOptions, type FeedbackRule } from './index';
import { transaction } from './transaction.fixture';

const retail: CategoriseOptions = { profile: 'retail' };
const corporate: CategoriseOptions = { profile: 'corporate' };
const OWN_IBAN = 'NL91ABNA0417164300';

function one(fields: Partial<TransactionDto> & Pick<TransactionDto, 'amount'>, options: CategoriseOptions = retail) {
  return categoriseOne(transaction(fields), options);
}

describe('categorise', () => {
  it('answers every transaction in input order with a canonical category, a bounded confidence and a source', () => {
    const transactions = [
      transaction({ amount: -23.5, counterpartName: 'Albert Heijn 1403' }),
      transaction({ amount: 1200, description: 'Salaris maart' }),
      transaction({ amount: -5, description: 'iets' }),
    ];
    const results = categorise(transactions, retail);
    expect(results.map((result) => result.transactionId)).toEqual(transactions.map((t) => t.id));
    for (const result of results) {
      expect(canonicalCategoryOf(result.category)).not.toBeNull();
      expect(result.confidence).toBeGreaterThanOrEqual(0);
      expect(result.confidence).toBeLessThanOrEqual(1);
      expect(result.source).toMatch(/^(rule:[a-z0-9.-]+|feedback:.+|model:\d+\.\d+\.\d+)$/);
    }
    expect(categoriseOne(transactions[0], retail)).toEqual(results[0]);
    expect(CATEGORISER_VERSION).toMatch(/^\d+\.\d+\.\d+$/);
  });
});

describe('own accounts', () => {
  const options: CategoriseOptions = { profile: 'retail', ownIbans: ['nl91 abna 0417 1643 00', 'NL20INGB0001234567'] };

  it('makes every transfer to or from an own IBAN internal, whatever else it looks like', () => {
    const lookalikes: Array<Partial<TransactionDto>> = [
      { description: 'Huur april', counterpartName: 'J. de Vries' },
      { description: 'Salaris maart', counterpartName: 'Werkgever B.V.' },
      { description: 'SEPA Incasso algemeen doorlopend Incassant: NL71ZZZ341234560000 Naam: Vattenfall Machtiging: 1 Omschrijving: energie', transactionType: 'ei' },
      { counterpartName: 'Albert Heijn', transactionType: 'ba' },
      { counterpartName: 'Holland Casino', reasonCode: 'MD06', purposeCode: 'SALA' },
    ];
    for (const fields of lookalikes) {
      for (const amount of [-250, 250]) {
        const result = one({ amount, counterpartAccountNumber: OWN_IBAN, ...fields }, options);
        expect(result).toMatchObject({ category: 'transfers.own-accounts', confidence: 1, source: 'rule:own-account.transfer' });
        expect(result.flags).toContain('internal-transfer');
      }
    }
  });

  it('finds the own IBAN in the description when the field is empty', () => {
    const result = one({ amount: -100, description: '/TRTP/SEPA OVERBOEKING/IBAN/NL20INGB0001234567/BIC/INGBNL2A/NAME/J JANSEN/REMI/Vakantiegeld/EREF/NOTPROVIDED' }, options);
    expect(result.category).toBe('transfers.own-accounts');
  });

  it('reads an own IBAN written in free text when the account field is empty', () => {
    expect(one({ amount: -300, description: 'Overboeking naar NL91 ABNA 0417 1643 00 spaarpot' }, options).category).toBe('transfers.savings');
    expect(one({ amount: 300, description: 'Van NL20INGB0001234567 SPAARREKENING' }, options).category).toBe('transfers.savings');
    expect(one({ amount: -300, description: 'Overboeking naar NL02ABNA0123456789' }, options).category).not.toBe('transfers.own-accounts');
    // written in lower case, or after other digits that hold its check digits ("91"): still found
    expect(one({ amount: -300, description: 'Overboeking 91 naar nl91 abna 0417 1643 00' }, options).category).toBe('transfers.own-accounts');
    expect(one({ amount: -300, counterpartAccountNumber: 'NL02ABNA0123456789', description: 'Van NL91ABNA0417164300' }, options).category).not.toBe('transfers.own-accounts');
  });

  it('knows own accounts by the domestic account number some statements show', () => {
    expect(one({ amount: -75, counterpartAccountNumber: '0417164300' }, options).category).toBe('transfers.own-accounts');
    expect(one({ amount: -75, counterpartAccountNumber: '417164300' }, options).category).toBe('transfers.own-accounts');
    expect(one({ amount: -75, counterpartAccountNumber: '417164301' }, options).category).not.toBe('transfers.own-accounts');
  });

  it('calls it savings when the description or counterparty says so', () => {
    for (const description of ['Naar Oranje Spaarrekening V123-45678', 'Sparen voor vakantie', 'Bonusrente rekening', 'Spaardeposito']) {
      expect(one({ amount: -500, counterpartAccountNumber: OWN_IBAN, description }, options)).toMatchObject({ category: 'transfers.savings', source: 'rule:own-account.savings', flags: ['internal-transfer'] });
    }
    expect(one({ amount: 500, counterpartAccountNumber: OWN_IBAN, counterpartName: 'Kapitaalrekening' }, options).category).toBe('transfers.savings');
  });

  it('calls it savings when a compound word or a tax reserve says so', () => {
    for (const description of ['Reservering btw naar Rabo Bedrijfsspaarrekening', 'Naar ASN Ideaalsparen', 'Btw reservering Q2', 'Naar belastingpot']) {
      expect({ description, category: one({ amount: -500, counterpartAccountNumber: OWN_IBAN, description }, options).category }).toEqual({ description, category: 'transfers.savings' });
    }
  });

  it('does not take a batch of payments that shows the payer’s own account for a transfer to itself', () => {
    const batch = one({ amount: -8400, counterpartAccountNumber: OWN_IBAN, counterpartName: 'Horeca De Brink B.V.', description: 'Naam: Horeca De Brink B.V. Omschrijving: Verzamelbetaling 6 posten Salarissen maart' }, { ...options, profile: 'corporate' });
    expect(batch.category).toBe('expenses.business.salaries');
    expect(batch.flags).not.toContain('internal-transfer');
  });

  it('takes "naar mijn eigen ... rekening" for an own transfer when the IBAN is not among the own ones', () => {
    expect(one({ amount: -500, counterpartName: 'D.R. Sedney', counterpartAccountNumber: 'NL28RABO0346617702', description: 'Overboeking naar D.R. Sedney Naar mijn eigen Rabo rekening' })).toMatchObject({ category: 'transfers.own-accounts', flags: ['internal-transfer'] });
  });

  it('keeps the recurring flag on own transfers', () => {
    const t = transaction({ amount: -100, counterpartAccountNumber: OWN_IBAN });
    expect(categoriseOne(t, { ...options, recurringIds: new Set([t.id]) }).flags).toEqual(['recurring', 'internal-transfer']);
  });
});

describe('feedback rules', () => {
  const rules: FeedbackRule[] = [
    { id: 'r-bakker', counterpartName: 'Bakkerij Jansen', category: 'expenses.eating-out', flags: [] },
    { id: 'r-iban', counterpartAccountNumber: 'nl12 rabo 0123 4567 89', descriptionPattern: 'kamer*huur', category: 'income.business.rent', flags: ['refund'] },
    { id: 'r-ah', counterpartName: 'Albert Heijn', category: 'expenses.business.supplies', flags: [] },
  ];

  it('win over the catalogue and keywords, with source feedback:<id>', () => {
    expect(one({ amount: -12, counterpartName: 'Albert Heijn 1403 Amsterdam' }, { profile: 'retail', rules })).toEqual(expect.objectContaining({ category: 'expenses.business.supplies', confidence: 1, source: 'feedback:r-ah' }));
    expect(one({ amount: -4.5, description: 'BEA, Betaalpas BAKKERIJ JANSEN 0123,PAS123 NR:1, 01.03.24/08:00 UTRECHT' }, { profile: 'retail', rules }).source).toBe('feedback:r-bakker');
  });

  it('need every criterion they name; a description pattern ignores case and accents and * is any text', () => {
    const base = { amount: 450, counterpartAccountNumber: 'NL12RABO0123456789' };
    expect(one({ ...base, description: 'Kamer huur mei' }, { profile: 'retail', rules }).source).toBe('feedback:r-iban');
    expect(one({ ...base, description: 'KAMERHUUR juni' }, { profile: 'retail', rules }).source).toBe('feedback:r-iban');
    expect(one({ ...base, description: 'Huur mei' }, { profile: 'retail', rules }).source).not.toBe('feedback:r-iban');
    expect(one({ amount: 450, description: 'Kamer huur mei' }, { profile: 'retail', rules }).source).not.toBe('feedback:r-iban');
  });

  it('keep their own flags and add recurring', () => {
    const t = transaction({ amount: 450, counterpartAccountNumber: 'NL12RABO0123456789', description: 'kamerhuur' });
    expect(categoriseOne(t, { profile: 'retail', rules, recurringIds: new Set([t.id]) }).flags).toEqual(['recurring', 'refund']);
  });

  it('lose to own accounts', () => {
    const own = [{ id: 'r-own', counterpartAccountNumber: OWN_IBAN, category: 'expenses.other', flags: [] }];
    expect(one({ amount: -10, counterpartAccountNumber: OWN_IBAN }, { profile: 'retail', ownIbans: [OWN_IBAN], rules: own }).category).toBe('transfers.own-accounts');
  });

  it('are refused when they are invalid', () => {
    expect(() => one({ amount: -1 }, { profile: 'retail', rules: [{ id: 'bad', counterpartName: 'X', category: 'expenses.unknown', flags: [] }] })).toThrow(/feedback rule "bad".*category/);
    expect(() => one({ amount: -1 }, { profile: 'retail', rules: [{ id: 'empty', category: 'expenses.other', flags: [] }] })).toThrow(/no criterion/);
  });
});

describe('returned direct debits', () => {
  it('reads SEPA reason codes and storno texts', () => {
    for (const fields of [{ reasonCode: 'MD06' }, { reasonCode: 'am04' }, { description: 'Storno incasso Vattenfall' }, { description: '/RTRN/MS02/TRTP/SEPA Incasso algemeen doorlopend/NAME/Sportschool Fit/REMI/x' }]) {
      const result = one({ amount: 49.95, ...fields });
      expect(result).toMatchObject({ category: 'income.refund', source: 'rule:reason.returned-direct-debit' });
      expect(result.flags).toContain('returned-direct-debit');
      // a collection given back is no refund of a purchase (issue 27)
      expect(result.flags).not.toContain('refund');
      expect(result.flags).not.toContain('direct-debit');
    }
  });

  it('ignores reason codes that are not SEPA return reasons', () => {
    expect(one({ amount: 20, reasonCode: 'XYZ1' }).flags).not.toContain('returned-direct-debit');
  });
});

describe('bank details as signals (issue 26)', () => {
  it('reads PMNT-RDDT-ESDD in bankTransactionCode as a SEPA direct debit taken', () => {
    expect(one({ amount: -30, counterpartName: 'Onbekend', bankTransactionCode: 'PMNT-RDDT-ESDD' }).flags).toContain('direct-debit');
    expect(one({ amount: -30, counterpartName: 'Onbekend' }).flags).not.toContain('direct-debit');
  });

  it('reads a bank transaction code as the type code is read', () => {
    expect(one({ amount: -50, bankTransactionCode: 'PMNT-CCRD-CWDL' })).toMatchObject({ category: 'expenses.cash', source: 'rule:type.atm' });
  });

  it('takes a mandate id or a creditor scheme id on money out as a direct debit taken', () => {
    expect(one({ amount: -12, counterpartName: 'Onbekend', mandateId: 'MNDT-0042' }).flags).toContain('direct-debit');
    expect(one({ amount: -12, counterpartName: 'Onbekend', creditorSchemeId: 'NL12ZZZ123456780000' }).flags).toContain('direct-debit');
  });

  it('never flags an incoming credit as a direct debit, whatever codes or ids it carries', () => {
    for (const fields of [{ bankTransactionCode: 'PMNT-RDDT-ESDD' }, { bankTransactionCode: 'PMNT-IDDT-ESDD' }, { mandateId: 'MNDT-0042' }, { creditorSchemeId: 'NL12ZZZ123456780000' }, { transactionType: 'ei' }]) {
      expect(one({ amount: 12, counterpartName: 'Onbekend', ...fields }).flags).not.toContain('direct-debit');
    }
  });

  it('makes a direct debit returned with a reason code its reversal', () => {
    const result = one({ amount: 49.95, counterpartName: 'Sportschool Fit', bankTransactionCode: 'PMNT-RDDT-ESDD', mandateId: 'MNDT-7', reasonCode: 'MD06' });
    expect(result).toMatchObject({ category: 'income.refund', source: 'rule:reason.returned-direct-debit' });
    expect(result.flags).toContain('returned-direct-debit');
    expect(result.flags).not.toContain('direct-debit');
  });

  it('makes a return bank transaction code (PMNT-RDDT-UPDD) a returned direct debit', () => {
    const result = one({ amount: 20, counterpartName: 'Onbekend', bankTransactionCode: 'PMNT-RDDT-UPDD' });
    expect(result.flags).toContain('returned-direct-debit');
  });
});

describe('transaction types and purpose codes', () => {
  it('makes ATM withdrawals cash', () => {
    for (const fields of [{ transactionType: 'gm' }, { transactionType: 'PMNT-CCRD-CWDL' }, { transactionTypeName: 'Geldautomaat' }, { description: 'GEA, Betaalpas Geldmaat Utrecht,PAS123 NR:X, 05.02.24/10:00 UTRECHT' }]) {
      expect(one({ amount: -50, ...fields })).toMatchObject({ category: 'expenses.cash', flags: ['cash-withdrawal'], source: 'rule:type.atm' });
    }
  });

  it('flags direct debits from type codes and SEPA texts', () => {
    expect(one({ amount: -10, transactionType: 'ei', counterpartName: 'Onbekend' }).flags).toContain('direct-debit');
    expect(one({ amount: -10, transactionTypeName: 'SEPA Incasso' }).flags).toContain('direct-debit');
    expect(one({ amount: -10, description: 'SEPA Incasso algemeen doorlopend Incassant: NL12ZZZ123456780000 Naam: Club Omschrijving: x' }).flags).toContain('direct-debit');
  });

  it.each([
    ['SALA', 2500, 'income.salary'],
    ['PENS', 1300, 'income.pension'],
    ['BENE', 900, 'income.benefits'],
    ['TAXS', 300, 'income.refund'],
    ['TAXS', -300, 'expenses.taxes'],
    ['INTE', 4.12, 'income.interest'],
    ['CHAR', -25, 'expenses.charity'],
    ['RENT', -950, 'expenses.housing.rent'],
    ['WTER', -20, 'expenses.housing.water'],
    ['PHON', -30, 'expenses.telecom'],
  ])('purpose %s on %d → %s', (purposeCode, amount, category) => {
    expect(one({ amount, purposeCode, counterpartName: 'Organisatie' })).toMatchObject({ category, source: `rule:purpose.${purposeCode.toLowerCase()}` });
  });
});

describe('merchants in Dutch description formats', () => {
  it.each([
    ['BEA, Betaalpas   ALBERT HEIJN 1403,PAS123   NR:ABC123, 01.02.24/12:34   AMSTERDAM', 'expenses.groceries', 'rule:merchant.albert-heijn'],
    ['Betaalautomaat 12:34 pasnr. 123 Kruidvat 7788 Zwolle', 'expenses.shopping', 'rule:merchant.kruidvat'],
    ['BEA, Apple Pay CCV*Bakkerij Jansen,PAS456 NR:X1, 03.02.24/09:12 UTRECHT', 'expenses.groceries', 'rule:business-type.bakkerij'],
    ['iDEAL bol.com 1234567890123456 0050001234567890', 'expenses.shopping', 'rule:merchant.bol'],
    ['eCom, Google Pay Thuisbezorgd.nl,PAS123 NR:1, 02.02.24/19:00', 'expenses.eating-out', 'rule:merchant.thuisbezorgd'],
    ['SEPA Incasso algemeen doorlopend Incassant: NL71ZZZ341234560000 Naam: VATTENFALL KLANTENSERVICE N.V. Machtiging: 1 Omschrijving: Termijnbedrag IBAN: NL86INGB0002445588', 'expenses.housing.energy', 'rule:merchant.vattenfall'],
    ['/TRTP/SEPA Incasso algemeen doorlopend/CSID/NL45ZZZ302080360000/NAME/CZ Groep/MARF/1/REMI/Premie april/EREF/1', 'expenses.insurance.health', 'rule:merchant.cz'],
  ])('%s', (description, category, source) => {
    expect(one({ amount: -42, description })).toMatchObject({ category, source });
  });

  it('knows kinds of business by compound words in the merchant’s name, also behind a card terminal provider', () => {
    expect(one({ amount: -6.4, counterpartName: 'Zettle_*Groentekraam Ali DORDRECHT', transactionType: 'ba' }).category).toBe('expenses.groceries');
    expect(one({ amount: -4.1, counterpartName: 'Zettle_*Turkse Bakker Ozdemir', transactionType: 'ba' }).category).toBe('expenses.groceries');
    expect(one({ amount: -12, counterpartName: 'Zettle_*Bloemenstal Ria', transactionType: 'ba' }).category).toBe('expenses.shopping');
    expect(one({ amount: -7.5, counterpartName: 'CCV*Sportkantine VV Blerick', transactionType: 'ba' }).category).toBe('expenses.eating-out');
    expect(one({ amount: -38, counterpartName: 'SumUp *Medisch Pedicure Anja', transactionType: 'ba' }).category).toBe('expenses.health');
    expect(one({ amount: -16, counterpartName: 'Paleis Het Loo', transactionType: 'ba' }).category).toBe('expenses.leisure');
  });

  it('does not take a payment processor named in the description for a charity', () => {
    const result = one({ amount: -24, counterpartName: 'Stichting Mollie Payments', description: 'SEPA iDEAL Naam: Stichting Mollie Payments Omschrijving: Bestelling 4411 Kenmerk: 0050' });
    expect(result.category).not.toBe('expenses.charity');
    expect(result.confidence).toBeLessThan(0.5);
  });

  it('finds the merchant behind a payment provider in the description', () => {
    expect(one({ amount: -60, counterpartName: 'Stichting Mollie Payments', description: 'Zalando bestelling 123456789 ref 0050001234' })).toMatchObject({ category: 'expenses.shopping', source: 'rule:merchant.zalando' });
  });

  it('reads money back from a shop as a refund', () => {
    const result = one({ amount: 39.95, counterpartName: 'Zalando SE', description: 'Retour order 12345' });
    expect(result.category).toBe('income.refund');
    expect(result.flags).toContain('refund');
  });
});

describe('keywords', () => {
  it.each([
    [-950, 'J. de Vries', 'Huur april', 'expenses.housing.rent'],
    [-1450, 'Hypotheek BV', 'Maandlast hypotheek 2024', 'expenses.housing.mortgage'],
    [-312, 'Gemeente Utrecht', 'Gemeentelijke belastingen termijn 3', 'expenses.housing.local-taxes'],
    [-85, 'Onbekend Energiebedrijf', 'Voorschot energie maart', 'expenses.housing.energy'],
    [-130, 'Mijn Zorgverzekeraar', 'Premie zorgverzekering april', 'expenses.insurance.health'],
    [-650, 'Kindcentrum Zonnetje', 'Kinderopvang maart', 'expenses.childcare'],
    [-25, 'Stichting Vrienden van het Hospice', 'Donatie', 'expenses.charity'],
    [-45, 'Voetbalvereniging SV Noord', 'Contributie seizoen 2024', 'expenses.leisure'],
    [120.5, 'Belastingdienst/Toeslagen', 'Zorgtoeslag 2024', 'income.benefits'],
    [1350, 'Sociale Verzekeringsbank', 'AOW april', 'income.pension'],
    [280, 'Sociale Verzekeringsbank', 'Kinderbijslag 1e kwartaal', 'income.benefits'],
    [3100, 'Ziekenhuis Rijnstate', 'Salaris april', 'income.salary'],
    [7.85, 'ING Bank N.V.', 'Rente 1e kwartaal', 'income.interest'],
    [412, 'DUO', 'Studiefinanciering', 'income.benefits'],
    [-120, 'DUO', 'Aflossing studieschuld', 'expenses.loans'],
    [-2530, 'DUO', 'Collegegeld 2024-2025', 'expenses.education'],
    [-4.5, 'ABN AMRO Bank N.V.', 'Kosten BasisPakket', 'expenses.bank-fees'],
    [-1200, 'Belastingdienst', 'Omzetbelasting 1e kwartaal', 'expenses.taxes.vat'],
    [-800, 'Belastingdienst', 'Voorlopige aanslag inkomstenbelasting', 'expenses.taxes.income-tax'],
    [-30, 'Belastingdienst', 'Motorrijtuigenbelasting', 'expenses.taxes.vehicle'],
  ])('%d from/to %s, "%s" → %s', (amount, counterpartName, description, category) => {
    expect(one({ amount, counterpartName, description }).category).toBe(category);
  });

  it.each([
    [-104, 'CJIB', 'Beschikking 3000 0162 4411 verkeersboete', 'expenses.other.fines'],
    [-41.5, 'Gemeente Almere', 'iDEAL Gemeente Almere Leges rijbewijs aanvraag', 'expenses.other.government-fees'],
    [-86, 'Dierenkliniek Apeldoorn-Zuid', 'Betaalautomaat 15:20', 'expenses.other.pets'],
    [1840, 'Klaverblad Verzekeringen', 'Uitkering schade 2026-0412 waterschade', 'income.other.insurance-claim'],
    [12500, 'Notariaat Van Vreeswijk Derdengelden', 'Uitkering nalatenschap wijlen A.J. Zandbergen', 'income.other.inheritance'],
    [35.2, 'Vinted UAB', 'Vinted uitbetaling saldo 2026-03-14', 'income.other.sales'],
  ])('%d from/to %s, "%s" → %s (neither taxes, health, refunds nor benefits)', (amount, counterpartName, description, category) => {
    expect(one({ amount, counterpartName, description }).category).toBe(category);
  });

  it('reads what a person pays back or is paid back as money between people, whatever it was for', () => {
    expect(one({ amount: 12, counterpartName: 'Tom Brouwers', description: 'Terugbetaling bioscoop' }).category).toBe('income.from-people');
    expect(one({ amount: -24, counterpartName: 'T. Hoekman', counterpartAccountNumber: 'NL20RBRB0911820043', description: 'Terug voor de kaartjes' }).category).toBe('expenses.to-people');
    // Rent paid to a private landlord stays rent; a shop's refund stays a refund.
    expect(one({ amount: -950, counterpartName: 'J. de Vries', description: 'Huur april' }).category).toBe('expenses.housing.rent');
    expect(one({ amount: 12, counterpartName: 'Bol.com', description: 'Terugbetaling bestelling' }).category).toBe('income.refund');
  });

  it('tells Tikkie payments between people', () => {
    expect(one({ amount: 12.5, counterpartName: 'AAB INZ TIKKIE', description: 'Tikkie ID 000123456789, Etentje, Van J de Vries, NL86INGB0002445588' }).category).toBe('income.from-people');
    expect(one({ amount: -12.5, counterpartName: 'Tikkie', description: 'Tikkie ID 000123456789, Bioscoop, M. Bakker, NL86INGB0002445588' }).category).toBe('expenses.to-people');
  });

  it('takes invoices paid to a sole trader as business income', () => {
    expect(one({ amount: 1210, counterpartName: 'Klant B.V.', description: 'Factuur 2024-031' }).category).toBe('income.business');
  });
});

describe('flags', () => {
  it('marks recurring payments, subscriptions and recurring telecom and gyms', () => {
    const netflix = transaction({ amount: -13.99, counterpartName: 'NETFLIX.COM' });
    const kpn = transaction({ amount: -35, counterpartName: 'KPN B.V.', transactionType: 'ei' });
    const gym = transaction({ amount: -29.99, counterpartName: 'Basic-Fit Nederland' });
    const oneOffGym = transaction({ amount: -29.99, counterpartName: 'Basic-Fit Nederland' });
    const energy = transaction({ amount: -85, counterpartName: 'Vattenfall' });
    const recurringIds = new Set([netflix.id, kpn.id, gym.id, energy.id]);
    const [a, b, c, d, e] = categorise([netflix, kpn, gym, oneOffGym, energy], { profile: 'retail', recurringIds });
    expect(a).toMatchObject({ category: 'expenses.subscriptions', flags: ['recurring', 'subscription'] });
    expect(b).toMatchObject({ category: 'expenses.telecom', flags: ['recurring', 'direct-debit', 'subscription'] });
    expect(c).toMatchObject({ category: 'expenses.leisure', flags: ['recurring', 'subscription'] });
    expect(d).toMatchObject({ category: 'expenses.leisure', flags: [] });
    expect(e).toMatchObject({ category: 'expenses.housing.energy', flags: ['recurring'] });
  });

  it('flags gambling both ways', () => {
    expect(one({ amount: -20, counterpartName: 'Holland Casino' })).toMatchObject({ category: 'expenses.gambling', flags: ['gambling'] });
    expect(one({ amount: 150, counterpartName: 'Unibet' })).toMatchObject({ category: 'income.other.gambling', flags: ['gambling'] });
  });
});

describe('unknown counterparties', () => {
  it('guesses with low confidence and a model source', () => {
    for (const fields of [
      { amount: -23.4, description: 'BEA, Betaalpas XQZ TRADING 44,PAS1 NR:1, 01.03.24/12:00 UTRECHT', transactionType: 'ba' },
      { amount: -80, counterpartName: 'Qwerty Zyx', description: 'ref 9912' },
      { amount: 80, counterpartName: 'Qwerty Zyx', description: 'ref 9912' },
    ]) {
      const result = one(fields);
      expect(result.confidence).toBeLessThan(0.5);
      expect(result.source).toBe(`model:${CATEGORISER_VERSION}`);
      expect(['expenses.other', 'income.other']).toContain(result.category);
    }
  });

  it('takes transfers with a natural person as money to or from people', () => {
    expect(one({ amount: -40, counterpartName: 'M.J. van den Berg', description: 'Weekend weg' })).toMatchObject({ category: 'expenses.to-people', source: `model:${CATEGORISER_VERSION}` });
    expect(one({ amount: 40, counterpartName: 'Hr P Jansen', description: 'Voor de kaartjes' }).category).toBe('income.from-people');
  });
});

describe('corporate profile', () => {
  it('reads household spending as business costs and customers as business income', () => {
    expect(one({ amount: -45, counterpartName: 'Albert Heijn 1403' }, corporate).category).toBe('expenses.business.supplies');
    expect(one({ amount: -38, counterpartName: 'Restaurant De Kas' }, corporate).category).toBe('expenses.business.meals');
    expect(one({ amount: -80, counterpartName: 'Qwerty Zyx', description: 'ref 9912' }, corporate)).toMatchObject({ category: 'expenses.business' });
    expect(one({ amount: 2420, counterpartName: 'Klant Holding B.V.', description: 'ref 9912' }, corporate).category).toBe('income.business');
    expect(one({ amount: 250, counterpartName: 'P. de Boer', description: 'Bestelling 12' }, corporate).category).toBe('income.business');
    expect(one({ amount: 980.4, counterpartName: 'Stichting Adyen', description: 'Payout 2024-03-01' }, corporate)).toMatchObject({ category: 'income.business', source: 'rule:merchant.payment-provider' });
  });

  it('keeps categories a business has under the same name', () => {
    expect(one({ amount: -60, counterpartName: 'KPN B.V.' }, corporate).category).toBe('expenses.business.telecom');
    expect(one({ amount: -6.5, counterpartName: 'ING Bank', description: 'Kosten zakelijk betalen' }, corporate).category).toBe('expenses.bank-fees');
    expect(one({ amount: -4210, counterpartName: 'Belastingdienst', description: 'Omzetbelasting 1e kwartaal 2024' }, corporate).category).toBe('expenses.taxes.vat');
    expect(one({ amount: -3210, counterpartName: 'Belastingdienst', description: 'Loonheffingen maart' }, corporate).category).toBe('expenses.taxes.payroll-tax');
  });

  it('reads salaries paid out as salary costs', () => {
    expect(one({ amount: -2450, counterpartName: 'J. de Vries', description: 'Salaris maart 2024' }, corporate).category).toBe('expenses.business.salaries');
  });

  it('differs from retail only where the profile says so', () => {
    const t = transaction({ amount: -80, counterpartName: 'M.J. van den Berg', description: 'Weekend' });
    expect(categoriseOne(t, retail).category).toBe('expenses.to-people');
    expect(categoriseOne(t, corporate).category).toBe('expenses.business');
  });
});

describe('flag order', () => {
  it('lists flags in the order the contract declares them', () => {
    const t = transaction({ amount: 45, reasonCode: 'MD06', counterpartName: 'Unibet' });
    const result = categoriseOne(t, { profile: 'retail', recurringIds: new Set([t.id]) });
    expect(result.flags).toEqual(transactionFlags.filter((flag) => result.flags.includes(flag)));
    expect(result.flags).toEqual(expect.arrayContaining(['recurring', 'returned-direct-debit']));
  });
});

describe('label conventions (1.1.0)', () => {
  const SAVINGS_IBAN = 'NL20INGB0001234567';
  const current = '11111111-1111-4111-8111-111111111111';
  const savings = '22222222-2222-4222-8222-222222222222';

  it('tells a savings account from the dataset: own transfers and interest only', () => {
    const options: CategoriseOptions = { profile: 'retail', ownIbans: [OWN_IBAN, SAVINGS_IBAN] };
    const results = categorise(
      [
        transaction({ accountId: current, amount: -500, counterpartAccountNumber: SAVINGS_IBAN, description: 'Nieuwe wasmachine' }),
        transaction({ accountId: current, amount: -30, counterpartName: 'Albert Heijn 1403' }),
        transaction({ accountId: savings, amount: 500, counterpartAccountNumber: OWN_IBAN, description: 'Nieuwe wasmachine' }),
        transaction({ accountId: savings, amount: 3.12, description: 'Rente 1e kwartaal', transactionTypeName: 'Rente' }),
      ],
      options,
    );
    expect(results[0]).toMatchObject({ category: 'transfers.savings', flags: ['internal-transfer'], confidence: 1 });
    expect(results[2]).toMatchObject({ category: 'transfers.savings', flags: ['internal-transfer'] });
    // one transaction alone says nothing about the account
    expect(categoriseOne(transaction({ accountId: current, amount: -500, counterpartAccountNumber: SAVINGS_IBAN, description: 'Nieuwe wasmachine' }), options).category).toBe('transfers.own-accounts');
  });

  it('reads a sole trader\'s "privé opname" as an own-account transfer', () => {
    expect(one({ amount: -2500, counterpartName: 'E. Jansen', counterpartAccountNumber: 'NL63INGB0008022837', description: 'Privé opname augustus' }, corporate)).toMatchObject({ category: 'transfers.own-accounts', flags: ['internal-transfer'] });
  });

  it('pays a Tikkie to a person whatever it was for', () => {
    expect(one({ amount: -12, counterpartName: 'AAB INZ TIKKIE', description: 'Tikkie ID 1234, Taxi, Via Tikkie' }).category).toBe('expenses.to-people');
  });

  it('reads running costs of a business as business costs', () => {
    expect(one({ amount: -70, counterpartName: 'TotalEnergies Haarlem' }, corporate).category).toBe('expenses.business.transport.fuel');
    expect(one({ amount: -60, counterpartName: 'Gemeente Utrecht', description: 'Aanslag gemeentelijke belastingen', purposeCode: 'TAXS' }).category).toBe('expenses.housing.local-taxes');
  });
});
