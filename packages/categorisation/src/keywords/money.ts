/** Keywords of taxes, loans and debts, bank fees, and money moved between the customer's own accounts. */
import { keyword, spending } from './spec';

const INVOICED_VAT = /\b(?:incl|inclusief|excl|exclusief|ex|inkl|including|excluding|verlegd|btw verlegd|reverse charge|factuur|factuurnr|factuurnummer|invoice|nota|order|bestelling|btw nummer|btw nr|btwnr|vat number|vat no)\b|\d+ (?:btw|vat)\b|\b(?:btw|vat) \d{1,2}\b/;

// a web shop adds the payment's fee to an order ("Bestelling 7712 incl. transactiekosten"): that pays the shop, no bank
const FEE_ADDED_TO_ORDER = /\b(?:incl|inclusief|inkl|including|excl|exclusief|plus) (?:transactiekosten|betaalkosten|servicekosten|administratiekosten|kosten)\b/;

export const moneyKeywords = [
  spending(['belasting', 'belastingaanslag', 'aanslag', 'aanslagnummer', 'voorlopige aanslag', 'definitieve aanslag', 'belastingschuld'], 'expenses.taxes', 0.7, { id: 'belasting' }),
  spending(['inkomstenbelasting', 'aanslag ib', 'ib aanslag', 'bijdrage zvw', 'zvw', 'premie volksverzekeringen'], 'expenses.taxes.income-tax', 0.9, { id: 'inkomstenbelasting' }),
  spending(['omzetbelasting', 'btw aangifte', 'btw afdracht', 'btw betaling', 'aangifte btw'], 'expenses.taxes.vat', 0.9, { id: 'omzetbelasting' }),
  // a supplier's invoice names the VAT it includes ("factuur 2024-12 incl. btw", "21% VAT"): that is no VAT paid to the tax office
  spending(['btw', 'vat'], 'expenses.taxes.vat', 0.6, { notWith: INVOICED_VAT }),
  spending(['loonheffing*', 'loonbelasting', 'loonaangifte', 'payroll tax'], 'expenses.taxes.payroll-tax', 0.9, { id: 'loonheffing' }),
  spending(['vennootschapsbelasting', 'vpb'], 'expenses.taxes.corporate-tax', 0.9),
  spending(['motorrijtuigenbelasting', 'wegenbelasting', 'mrb', 'bpm'], 'expenses.taxes.vehicle', 0.9, { id: 'motorrijtuigenbelasting' }),
  spending(['erfbelasting', 'schenkbelasting', 'overdrachtsbelasting', 'successierecht*'], 'expenses.taxes', 0.9, { id: 'vermogensbelastingen' }),
  spending(['verkeersboete', 'boete', 'bekeuring', 'beschikking', 'naheffing*'], 'expenses.other.fines', 0.75, { id: 'boete' }),
  spending(['leges', 'legeskosten', 'paspoort', 'identiteitskaart', 'rijbewijs aanvraag', 'uittreksel'], 'expenses.other.government-fees', 0.85, { id: 'leges' }),
  spending(['aflossing*', 'lening*', 'krediet*', 'doorlopend krediet', 'persoonlijke lening', 'termijn lening', 'afbetaling*', 'betalingsregeling', 'kredietopname', 'loan', 'repayment'], 'expenses.loans', 0.75, { id: 'lening' }),
  spending(['studieschuld', 'studielening', 'aflossing studieschuld'], 'expenses.loans', 0.85, { id: 'studieschuld' }),
  spending(['creditcard*', 'credit card'], 'expenses.loans', 0.8, { id: 'creditcard' }),
  spending(['schuld*', 'deurwaarder*', 'incassobureau', 'incassokosten'], 'expenses.loans', 0.6, { id: 'schuld' }),
  spending(
    ['kosten betaalpakket', 'betaalpakket', 'basispakket', 'oranjepakket', 'oranje pakket', 'pakketkosten', 'rekeningkosten', 'kosten rekening', 'bankkosten', 'kosten bankieren', 'debetrente', 'rente debetstand', 'rente roodstand', 'transactiekosten', 'kosten betaalrekening', 'kosten creditcard', 'jaarkosten creditcard', 'pinkosten', 'opnamekosten', 'provisie', 'wisselkoerskosten', 'kosten buitenland', 'bank fee', 'monthly fee', 'account fee', 'kosten pas', 'kosten betaalpas', 'kosten gebruik betaalrekening'],
    'expenses.bank-fees',
    0.85,
    { id: 'bankkosten', notWith: FEE_ADDED_TO_ORDER },
  ),
  spending(['kosten', 'fee', 'fees'], 'expenses.bank-fees', 0.45, { id: 'kosten', notWith: FEE_ADDED_TO_ORDER }),
  keyword(
    ['spaarrekening*', 'sparen', 'spaar', 'spaargeld', 'oranje spaarrekening', 'spaardeposito', 'doelsparen', 'savings', 'bonusrente rekening', 'bonusrenterekening', 'kapitaalrekening', 'spaarpot*', 'internetsparen', 'depositorekening', 'vermogensspaarrekening', 'spaarplan', 'spaarbewijs'],
    { out: { category: 'transfers.savings', confidence: 0.65 }, in: { category: 'transfers.savings', confidence: 0.65 } },
    { id: 'sparen' },
  ),
  keyword(
    ['eigen rekening', 'naar eigen rekening', 'van eigen rekening', 'overboeking eigen rekening', 'tussen eigen rekeningen', 'own account', 'own accounts', 'eigen rek', 'naar mijn eigen', 'van mijn eigen', 'mijn eigen rekening', 'my own account'],
    { out: { category: 'transfers.own-accounts', confidence: 0.75 }, in: { category: 'transfers.own-accounts', confidence: 0.75 } },
    { id: 'eigen-rekening' },
  ),
  // a sole trader moving money to the owner's private account: own money, also when that IBAN is not among the own IBANs
  spending(['prive opname', 'priveopname', 'prive opnamen', 'naar prive', 'prive onttrekking', 'priveonttrekking', 'opname prive', 'overboeking prive', 'naar prive rekening', 'naar priverekening', 'eigen rekening prive'], 'transfers.own-accounts', 0.9, { id: 'prive-opname' }),
  keyword(['beleggen', 'belegging*', 'beleggingsrekening', 'effectenrekening', 'aandelen', 'crypto*', 'indexfonds*'], { out: { category: 'transfers.savings.investments', confidence: 0.6 }, in: { category: 'transfers.savings.investments', confidence: 0.6 } }, { id: 'beleggen' }),
];

/** Words that say a transfer between own accounts goes to or from savings. */
export const savingsWords: readonly string[] = ['spaar*', 'sparen', 'savings', 'saving', 'bonusrente*', 'deposito*', 'kapitaalrekening', 'doelsparen', 'internetsparen', 'vermogensspaarrekening'];
