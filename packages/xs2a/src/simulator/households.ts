import {
  camtBankTransactionCode,
  descriptionDetails,
  generateSandboxData,
  mt940BankReference,
  type SandboxAccount,
  type SandboxDataset,
  type SandboxProfile,
  type SandboxTransaction,
} from '@obp/sandbox-bank';

/**
 * The sandbox bank's households as an XS2A bank shows them. A PSU's household is `@obp/sandbox-bank`'s
 * deterministic history for the seed `<bankKey>:<psuId>`, as the consent service's sandbox providers make it, so a
 * PSU sees the same accounts and transactions on every read and a later day adds to them.
 */
export interface HouseholdOptions {
  bankKey: string;
  profile: SandboxProfile;
  /** How much history the bank keeps, in months. */
  months: number;
}

export class Households {
  private readonly cache = new Map<string, SandboxDataset>();

  constructor(private readonly options: HouseholdOptions) {}

  /** The household of `psuId` as of the end of `today` (`YYYY-MM-DD`). */
  of(psuId: string, today: string): SandboxDataset {
    const key = `${psuId}\0${today}`;
    let data = this.cache.get(key);
    if (!data) {
      data = generateSandboxData({ seed: `${this.options.bankKey}:${psuId}`, profile: this.options.profile, asOf: new Date(`${today}T23:59:59.999Z`), months: this.options.months });
      if (this.cache.size > 64) this.cache.clear();
      this.cache.set(key, data);
    }
    return data;
  }
}

export type Xs2aAccountReference = { iban: string; currency: string };

export function accountReference(account: SandboxAccount): Xs2aAccountReference {
  return { iban: account.iban, currency: account.currency };
}

export function accountDetails(account: SandboxAccount, resourceId: string, links: { balances: boolean; transactions: boolean }, usage: 'PRIV' | 'ORGA') {
  const base = `/v1/accounts/${encodeURIComponent(resourceId)}`;
  return {
    resourceId,
    iban: account.iban,
    currency: account.currency,
    name: account.name,
    product: account.type === 'Current' ? 'Betaalrekening' : 'Spaarrekening',
    cashAccountType: account.type === 'Current' ? 'CACC' : 'SVGS',
    status: 'enabled',
    usage,
    ownerName: account.ownerName,
    _links: {
      ...(links.balances ? { balances: { href: `${base}/balances` } } : {}),
      ...(links.transactions ? { transactions: { href: `${base}/transactions` } } : {}),
    },
  };
}

const REMITTANCE_LINE = 140;
const MAX_35 = 35;

/**
 * One booked transaction in the standard's `transactionDetails` shape. What each sandbox field becomes
 * (docs/decisions.md, "XS2A document and validator (issue 28)"):
 * - `transactionId` is the sandbox id; `entryReference` the bank reference its MT940 and camt exports carry;
 * - the counterparty is the creditor for money out and the debtor for money in (name and IBAN);
 * - `endToEndId`, `mandateId`, `creditorId` are the description's `Kenmerk:`, `Machtiging:` and `Incassant:`;
 * - the description is the unstructured remittance: one text up to 140 characters, else the array of 140-character
 *   lines, as the standard provides for longer texts;
 * - `bankTransactionCode` is the ISO 20022 code of the camt export, `proprietaryBankTransactionCode` the sandbox's
 *   own type (`ba`, `ei`, ...), `additionalInformation` its name;
 * - card payments and cash withdrawals carry the acceptor's `merchantCategoryCode` (ISO 18245), a data element the
 *   standard defines for card transactions, where the bank knows it from the acceptor's name.
 */
export function transactionDetails(t: SandboxTransaction) {
  const outgoing = t.amount < 0;
  const refs = descriptionDetails(t.description);
  const counterparty = t.counterpartName ? t.counterpartName.slice(0, 70) : undefined;
  const counterAccount = t.counterpartAccountNumber ? { iban: t.counterpartAccountNumber } : undefined;
  const remittance = t.description.length <= REMITTANCE_LINE ? { remittanceInformationUnstructured: t.description } : { remittanceInformationUnstructuredArray: lines(t.description, REMITTANCE_LINE) };
  const mcc = merchantCategoryCode(t);
  return {
    transactionId: t.externalId,
    entryReference: mt940BankReference(t),
    ...(refs.endToEndId && refs.endToEndId.length <= MAX_35 ? { endToEndId: refs.endToEndId } : {}),
    ...(refs.mandateId && refs.mandateId.length <= MAX_35 ? { mandateId: refs.mandateId } : {}),
    ...(refs.creditorSchemeId && refs.creditorSchemeId.length <= MAX_35 ? { creditorId: refs.creditorSchemeId } : {}),
    bookingDate: t.bookingDate.slice(0, 10),
    valueDate: t.valueDate.slice(0, 10),
    transactionAmount: { currency: t.currency, amount: t.amount.toFixed(2) },
    ...(outgoing
      ? { ...(counterparty ? { creditorName: counterparty } : {}), ...(counterAccount ? { creditorAccount: counterAccount } : {}) }
      : { ...(counterparty ? { debtorName: counterparty } : {}), ...(counterAccount ? { debtorAccount: counterAccount } : {}) }),
    ...remittance,
    additionalInformation: t.transactionTypeName,
    ...(t.purposeCode ? { purposeCode: t.purposeCode } : {}),
    bankTransactionCode: camtBankTransactionCode(t),
    proprietaryBankTransactionCode: t.transactionType,
    ...(mcc ? { merchantCategoryCode: mcc } : {}),
  };
}

export type Xs2aTransaction = ReturnType<typeof transactionDetails>;

/** ISO 18245 codes of the acceptors the sandbox's cards are used at, by name; cash withdrawals are 6011. */
const MERCHANT_CATEGORY_CODES: readonly [RegExp, string][] = [
  [/^(Albert Heijn|AH to go|Jumbo|Lidl|ALDI|PLUS|Dirk|Vomar|Coop|Spar)\b/i, '5411'],
  [/^(Bakker|Bakkerij)\b/i, '5462'],
  [/^(Shell|BP|Esso|TotalEnergies|Tango|Tinq)\b/i, '5541'],
  [/^(Etos|Kruidvat|Trekpleister)\b/i, '5912'],
  [/^Apotheek\b/i, '5912'],
  [/^(Gamma|Praxis|Karwei|Hornbach)\b/i, '5200'],
  [/^(HEMA|Action|Xenos|Blokker)\b/i, '5331'],
  [/^Intertoys\b/i, '5945'],
  [/^(Febo|McDonald|Burger King|KFC|Domino)/i, '5814'],
  [/^(Coffee Company|Doppio|Starbucks|SumUp \*Koffie)/i, '5814'],
  [/^(Wagamama|Vapiano|Eetcafe|Sumo|CCV\*Brasserie|SumUp \*Pizzeria|Restaurant)/i, '5812'],
  [/^(NS|GVB|RET|HTM|Arriva|Qbuzz)\b/i, '4111'],
  [/^Geldmaat\b/i, '6011'],
];

function merchantCategoryCode(t: SandboxTransaction): string | undefined {
  if (t.transactionType !== 'ba' && t.transactionType !== 'gm') return undefined;
  const name = t.counterpartName ?? '';
  return MERCHANT_CATEGORY_CODES.find(([pattern]) => pattern.test(name))?.[1];
}

/** `text` in lines of at most `width` characters, broken at a space where there is one. */
function lines(text: string, width: number): string[] {
  const out: string[] = [];
  let rest = text;
  while (rest.length > width) {
    const cut = rest.lastIndexOf(' ', width);
    const at = cut > 0 ? cut : width;
    out.push(rest.slice(0, at));
    rest = rest.slice(at).replace(/^ /, '');
  }
  if (rest) out.push(rest);
  return out;
}
