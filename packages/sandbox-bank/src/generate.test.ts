import { subtractMonths } from './calendar';
import { generateSandboxData, isValidIban, profileForSeed, type SandboxDataset, type SandboxProfile, type SandboxTransaction } from './index';

const DAY = 86_400_000;
const AS_OF = new Date('2026-11-21T12:00:00Z');

function generate(seed: string, profile: SandboxProfile = profileForSeed(seed), asOf = AS_OF, months?: number): SandboxDataset {
  return generateSandboxData({ seed, profile, asOf, months });
}

const SEEDS: [string, SandboxProfile][] = [
  ['demo', 'retail'],
  ['alice', 'retail'],
  ['user-42', 'retail'],
  ['business-demo', 'business'],
  ['business-acme', 'business'],
  ['business-7', 'business'],
];

const byId = (txs: SandboxTransaction[]): Map<string, SandboxTransaction> => new Map(txs.map((t) => [t.externalId, t]));

/** The transactions of `expected` that `actual` lacks or has differently (compared as JSON: fast on hundreds). */
function missingOrChanged(expected: SandboxTransaction[], actual: Map<string, SandboxTransaction>): SandboxTransaction[] {
  return expected.filter((t) => JSON.stringify(actual.get(t.externalId)) !== JSON.stringify(t));
}

describe('generateSandboxData', () => {
  describe.each(SEEDS)('seed %s (%s)', (seed, profile) => {
    const data = generate(seed, profile);

    it('is deterministic', () => {
      expect(generate(seed, profile)).toEqual(data);
      expect(JSON.stringify(generate(seed, profile))).toBe(JSON.stringify(data));
    });

    it('gives each transaction a distinct id', () => {
      expect(new Set(data.transactions.map((t) => t.externalId)).size).toBe(data.transactions.length);
      expect(new Set(data.accounts.map((a) => a.externalId)).size).toBe(2);
    });

    it.each([1, 10, 45, 200])('keeps transactions stable when asOf moves on by %i days', (days) => {
      const laterAsOf = new Date(AS_OF.getTime() + days * DAY);
      const later = generate(seed, profile, laterAsOf);
      const laterLower = subtractMonths(laterAsOf, 14).getTime();
      const earlierLower = subtractMonths(AS_OF, 14).getTime();
      const laterById = byId(later.transactions);
      const earlierById = byId(data.transactions);

      expect(later.accounts).toEqual(data.accounts);
      // Everything from the earlier window that is still inside the later one is there, identical.
      const kept = data.transactions.filter((t) => Date.parse(t.bookingDate) > laterLower);
      expect(kept.length).toBeGreaterThan(0);
      expect(missingOrChanged(kept, laterById)).toEqual([]);
      // Nothing appears retroactively: whatever the later window has up to the earlier asOf, the earlier had.
      const overlapping = later.transactions.filter((t) => Date.parse(t.bookingDate) > earlierLower && Date.parse(t.bookingDate) <= AS_OF.getTime());
      expect(missingOrChanged(overlapping, earlierById)).toEqual([]);
      const added = later.transactions.filter((t) => Date.parse(t.bookingDate) > AS_OF.getTime());
      // AS_OF is a Saturday: a day later there may be nothing new yet.
      if (days >= 10) expect(added.length).toBeGreaterThan(0);
      expect(added.filter((t) => earlierById.has(t.externalId))).toEqual([]);
    });

    it('keeps transactions stable whatever the number of months asked for', () => {
      const longer = byId(generate(seed, profile, AS_OF, 26).transactions);
      expect(missingOrChanged(data.transactions, longer)).toEqual([]);
    });

    it('books only inside (asOf - months, asOf], covering at least 13 months', () => {
      const lower = Date.parse('2025-09-21T12:00:00Z');
      const booked = data.transactions.map((t) => Date.parse(t.bookingDate));
      for (const b of booked) {
        expect(b).toBeGreaterThan(lower);
        expect(b).toBeLessThanOrEqual(AS_OF.getTime());
      }
      expect(booked[0] - lower).toBeLessThan(5 * DAY);
      expect(AS_OF.getTime() - booked[booked.length - 1]).toBeLessThan(5 * DAY);
      expect(booked[booked.length - 1] - booked[0]).toBeGreaterThan(13 * 30 * DAY);
    });

    it('sorts by booking date, then id', () => {
      const sorted = [...data.transactions].sort((a, b) => a.bookingDate.localeCompare(b.bookingDate) || (a.externalId < b.externalId ? -1 : 1));
      expect(data.transactions.map((t) => t.externalId)).toEqual(sorted.map((t) => t.externalId));
    });

    it('has valid IBANs everywhere', () => {
      for (const a of data.accounts) expect(isValidIban(a.iban)).toBe(true);
      for (const t of data.transactions) {
        if (t.counterpartAccountNumber !== null) expect(isValidIban(t.counterpartAccountNumber)).toBe(true);
      }
      const ibansInDescriptions = data.transactions.flatMap((t) => t.description.match(/NL\d{2}[A-Z]{4}\d{10}/g) ?? []);
      expect(ibansInDescriptions.length).toBeGreaterThan(100);
      for (const iban of ibansInDescriptions) expect(isValidIban(iban)).toBe(true);
    });

    it('has well-formed transactions: 2-decimal amounts, midnight dates, known types', () => {
      const names: Record<string, string> = { ba: 'Betaalautomaat', ei: 'SEPA Incasso', tb: 'SEPA Overboeking', gm: 'Geldautomaat', ic: 'SEPA Overboeking', id: 'iDEAL' };
      const accountIds = new Set(data.accounts.map((a) => a.externalId));
      const midnight = /^\d{4}-\d{2}-\d{2}T00:00:00\.000Z$/;
      const card = /^(BEA|GEA), (Betaalpas|Apple Pay|Google Pay) .+,PAS\d{3} NR:[A-Z0-9]{6}, \d{2}\.\d{2}\.\d{2}\/\d{2}:\d{2} [A-Z ]+$/;
      const incasso = /^SEPA Incasso algemeen doorlopend Incassant: NL\d{2}ZZZ\d{12} Naam: .+ Machtiging: .+ Omschrijving: .+ IBAN: NL/;
      // One expect per rule over all transactions (hundreds of expects per transaction would be slow).
      const violating = (rule: (t: SandboxTransaction) => boolean): SandboxTransaction[] => data.transactions.filter((t) => !rule(t));
      expect(violating((t) => /^tx-[0-9a-f]{16}$/.test(t.externalId) && accountIds.has(t.accountExternalId) && t.currency === 'EUR')).toEqual([]);
      expect(violating((t) => t.amount !== 0 && Number(t.amount.toFixed(2)) === t.amount)).toEqual([]);
      expect(violating((t) => midnight.test(t.bookingDate) && midnight.test(t.valueDate))).toEqual([]);
      const lag = (t: SandboxTransaction): number => Date.parse(t.bookingDate) - Date.parse(t.valueDate);
      expect(violating((t) => lag(t) >= 0 && lag(t) <= 5 * DAY && (lag(t) === 0 || t.transactionType === 'ba' || t.transactionType === 'gm'))).toEqual([]);
      expect(data.transactions.some((t) => lag(t) > 0)).toBe(true);
      expect(violating((t) => names[t.transactionType] === t.transactionTypeName && t.description.length > 10)).toEqual([]);
      expect(violating((t) => (t.transactionType !== 'ba' && t.transactionType !== 'gm') || (t.counterpartAccountNumber === null && card.test(t.description)))).toEqual([]);
      expect(violating((t) => t.transactionType !== 'ei' || incasso.test(t.description))).toEqual([]);
      expect(violating((t) => !['ei', 'gm', 'id'].includes(t.transactionType) || t.amount < 0)).toEqual([]);
    });

    it('references the savings account in own-account transfers, on both sides', () => {
      const [current, savings] = data.accounts;
      expect(current.type).toBe('Current');
      expect(savings.type).toBe('Savings');
      expect(current.iban).not.toBe(savings.iban);
      const toSavings = data.transactions.filter((t) => t.accountExternalId === current.externalId && t.counterpartAccountNumber === savings.iban);
      expect(toSavings.length).toBeGreaterThanOrEqual(10);
      for (const t of toSavings) expect(t.counterpartName).toBe(savings.ownerName);
      const onSavings = data.transactions.filter((t) => t.accountExternalId === savings.externalId);
      for (const t of onSavings) {
        if (t.counterpartAccountNumber === null) {
          expect(t.description).toMatch(/^Creditrente /); // interest
          continue;
        }
        expect(t.counterpartAccountNumber).toBe(current.iban);
        const mirror = toSavings.filter((c) => c.bookingDate === t.bookingDate && c.amount === -t.amount);
        expect(mirror.length).toBeGreaterThanOrEqual(1);
      }
    });
  });

  it('gives different seeds different data', () => {
    const a = generate('alice', 'retail');
    const b = generate('bob', 'retail');
    expect(a.accounts[0].iban).not.toBe(b.accounts[0].iban);
    expect(a.accounts[0].externalId).not.toBe(b.accounts[0].externalId);
    const idsA = new Set(a.transactions.map((t) => t.externalId));
    expect(b.transactions.filter((t) => idsA.has(t.externalId))).toEqual([]);
    const amountsA = a.transactions.map((t) => t.amount).join();
    expect(b.transactions.map((t) => t.amount).join()).not.toBe(amountsA);

    const x = generate('business-x', 'business');
    const y = generate('business-y', 'business');
    expect(x.accounts[0].iban).not.toBe(y.accounts[0].iban);
    expect(x.transactions.map((t) => t.amount).join()).not.toBe(y.transactions.map((t) => t.amount).join());
  });

  it('does not depend on the time of day of asOf within the booking day', () => {
    const morning = generate('demo', 'retail', new Date('2026-11-20T00:00:00Z'));
    const evening = generate('demo', 'retail', new Date('2026-11-20T23:59:59.999Z'));
    expect(morning.transactions.map((t) => t.externalId)).toEqual(evening.transactions.map((t) => t.externalId));
  });

  it('honours a shorter window', () => {
    const three = generate('demo', 'retail', AS_OF, 3);
    const full = byId(generate('demo', 'retail').transactions);
    expect(three.transactions.length).toBeGreaterThan(50);
    expect(three.transactions.length).toBeLessThan(full.size / 3);
    for (const t of three.transactions) expect(Date.parse(t.bookingDate)).toBeGreaterThan(Date.parse('2026-08-21T12:00:00Z'));
    expect(missingOrChanged(three.transactions, full)).toEqual([]);
  });

  it('rejects invalid options', () => {
    expect(() => generateSandboxData({ seed: 'x', profile: 'retail', asOf: new Date('nope') })).toThrow(TypeError);
    expect(() => generateSandboxData({ seed: 'x', profile: 'corporate' as SandboxProfile, asOf: AS_OF })).toThrow(TypeError);
    expect(() => generateSandboxData({ seed: 'x', profile: 'retail', asOf: AS_OF, months: 0 })).toThrow(RangeError);
    expect(() => generateSandboxData({ seed: 'x', profile: 'retail', asOf: AS_OF, months: 1.5 })).toThrow(RangeError);
  });
});

describe('profileForSeed', () => {
  it('chooses business for seeds starting with "business", retail otherwise', () => {
    expect(profileForSeed('business')).toBe('business');
    expect(profileForSeed('business-demo')).toBe('business');
    expect(profileForSeed('Business-Demo')).toBe('business');
    expect(profileForSeed('demo')).toBe('retail');
    expect(profileForSeed('my-business')).toBe('retail');
    expect(profileForSeed('')).toBe('retail');
  });
});
