import { parseDescription } from './describe-formats';

describe('parseDescription', () => {
  it('reads an ABN AMRO SEPA direct debit', () => {
    const facts = parseDescription(
      'SEPA Incasso algemeen doorlopend Incassant: NL71ZZZ341234560000 Naam: VATTENFALL KLANTENSERVICE N.V. Machtiging: 1234567890 Omschrijving: Termijnbedrag energie maart IBAN: NL86INGB0002445588 Kenmerk: 9876',
    );
    expect(facts).toMatchObject({
      channel: 'direct-debit',
      name: 'VATTENFALL KLANTENSERVICE N.V.',
      creditorId: 'NL71ZZZ341234560000',
      remittance: 'Termijnbedrag energie maart',
      iban: 'NL86INGB0002445588',
    });
  });

  it('reads an ING direct debit, creditor id last', () => {
    const facts = parseDescription('Naam: Zilveren Kruis Omschrijving: Premie april IBAN: NL12RABO0123456789 Kenmerk: 555 Machtiging ID: ZK-123 Incassant ID: NL45ZZZ302080360000 Doorlopende incasso');
    expect(facts).toMatchObject({ channel: 'direct-debit', name: 'Zilveren Kruis', creditorId: 'NL45ZZZ302080360000', remittance: 'Premie april', iban: 'NL12RABO0123456789' });
  });

  it('reads a SEPA transfer', () => {
    const facts = parseDescription('SEPA Overboeking IBAN: NL91ABNA0417164300 BIC: ABNANL2A Naam: J. de Vries Omschrijving: Huur april');
    expect(facts).toMatchObject({ channel: 'transfer', name: 'J. de Vries', iban: 'NL91ABNA0417164300', remittance: 'Huur april' });
  });

  it('reads MT940 structured descriptions (Rabobank, ING)', () => {
    const facts = parseDescription('/TRTP/SEPA OVERBOEKING/IBAN/NL20INGB0001234567/BIC/INGBNL2A/NAME/Werkgever B.V./REMI/Salaris maart/EREF/NOTPROVIDED');
    expect(facts).toMatchObject({ channel: 'transfer', name: 'Werkgever B.V.', iban: 'NL20INGB0001234567', remittance: 'Salaris maart' });
    const returned = parseDescription('/RTRN/MD06/TRTP/SEPA Incasso algemeen doorlopend/CSID/NL12ZZZ123456780000/NAME/Sportschool/MARF/123/REMI/USTD//Contributie/EREF/1');
    expect(returned).toMatchObject({ channel: 'direct-debit', returnReason: 'MD06', creditorId: 'NL12ZZZ123456780000', name: 'Sportschool' });
    expect(parseDescription('/TRTP/SEPA OVERBOEKING/IBAN/NL20INGB0001234567/NAME/X/REMI/USTD//Gift/PURP/CHAR/').purposeCode).toBe('CHAR');
  });

  it('reads BEA and GEA card lines, new and old layout, with wallets', () => {
    expect(parseDescription('BEA, Betaalpas                   ALBERT HEIJN 1403,PAS123        NR:ABC123, 01.02.24/12:34        AMSTERDAM')).toMatchObject({ channel: 'card', name: 'ALBERT HEIJN 1403' });
    expect(parseDescription('BEA   NR:5G1234   01.02.24/12.34 JUMBO 5678 UTRECHT,PAS123')).toMatchObject({ channel: 'card', name: 'JUMBO 5678 UTRECHT' });
    expect(parseDescription('BEA, Apple Pay CCV*Bakkerij Jansen,PAS456 NR:X1, 03.02.24/09:12 UTRECHT')).toMatchObject({ channel: 'card', name: 'CCV*Bakkerij Jansen' });
    expect(parseDescription('eCom, Google Pay Thuisbezorgd.nl,PAS123 NR:1, 02.02.24/19:00')).toMatchObject({ channel: 'card', name: 'Thuisbezorgd.nl' });
    expect(parseDescription('GEA, Betaalpas Geldmaat Utrecht Centrum,PAS123 NR:XYZ, 05.02.24/10:00 UTRECHT')).toMatchObject({ channel: 'atm', name: 'Geldmaat Utrecht Centrum' });
  });

  it('reads terminal lines with time and card number', () => {
    expect(parseDescription('Betaalautomaat 12:34 pasnr. 123 Kruidvat 7788 Zwolle')).toMatchObject({ channel: 'card', name: 'Kruidvat 7788 Zwolle' });
    expect(parseDescription('Geldautomaat 09:15 pasnr. 012 Geldmaat Station')).toMatchObject({ channel: 'atm' });
  });

  it('reads iDEAL, Tikkie and Betaalverzoek', () => {
    expect(parseDescription('iDEAL bol.com 1234567890123456 0050001234567890')).toMatchObject({ channel: 'ideal', name: 'bol.com' });
    expect(parseDescription('Tikkie ID 000123456789, Etentje, Van J de Vries, NL86INGB0002445588')).toMatchObject({
      channel: 'payment-request',
      name: 'J de Vries',
      remittance: 'Etentje',
      iban: 'NL86INGB0002445588',
    });
    expect(parseDescription('Betaalverzoek van M. Jansen')).toMatchObject({ channel: 'payment-request', name: 'M. Jansen' });
  });

  it("reads a Tikkie's requester with or without \"Van\", and inside another layout's remittance", () => {
    expect(parseDescription('Tikkie ID 000123456789, Bioscoop, M. Bakker')).toMatchObject({ channel: 'payment-request', requester: 'M. Bakker', remittance: 'Bioscoop', iban: null });
    expect(parseDescription('iDEAL Tikkie 0030001234567890 Tikkie ID 000321654987, Bestelling, Tuincentrum De Linde 0030009876543210')).toMatchObject({ channel: 'ideal', requester: 'Tuincentrum De Linde' });
    expect(parseDescription('Naam: AAB INZ TIKKIE Omschrijving: 0030 Tikkie ID 001122334455, Proefles, Dansschool Pirouette Kenmerk: 12-03-2026 0030001234')).toMatchObject({ name: 'AAB INZ TIKKIE', requester: 'Dansschool Pirouette' });
    expect(parseDescription('Tikkie ID 001234567890, Pizza, Via Tikkie')).toMatchObject({ requester: null });
    expect(parseDescription('iDEAL bol.com 1234567890123456 0050001234567890')).toMatchObject({ requester: null });
  });

  it('reads Apple Pay and Google Pay prefixes', () => {
    expect(parseDescription('Apple Pay Albert Heijn 2210, Utrecht')).toMatchObject({ channel: 'card', name: 'Albert Heijn 2210' });
  });

  it('keeps free text as remittance and finds a creditor id in it', () => {
    expect(parseDescription('Huur april')).toMatchObject({ channel: null, name: null, remittance: 'Huur april' });
    expect(parseDescription('Contributie 2024 NL33ZZZ401234560000').creditorId).toBe('NL33ZZZ401234560000');
    expect(parseDescription(null)).toMatchObject({ channel: null, name: null, remittance: null });
    expect(parseDescription('   ')).toMatchObject({ remittance: null });
  });
});
