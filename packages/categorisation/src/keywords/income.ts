/** Keywords of money coming in: wages, benefits, pensions, interest, refunds, invoices, gifts. */
import { earning, keyword, spending } from './spec';

export const incomeKeywords = [
  keyword(
    ['salaris*', 'salary', 'loon', 'nettoloon', 'netto loon', 'maandloon', 'weekloon', 'loonbetaling', 'loonstrook', 'vakantiegeld', 'vakantietoeslag', 'eindejaarsuitkering', 'dertiende maand', '13e maand', 'wages', 'payroll', 'uitbetaling uren'],
    // paid out, the same words are a payroll run (of a company or a sole trader with staff)
    { in: { category: 'income.salary', confidence: 0.85 }, out: { category: 'expenses.business.salaries', confidence: 0.8 } },
    { id: 'salary', notAtMerchant: true },
  ),
  spending(['salarisadministratie', 'salarisverwerking', 'loonadministratie'], 'expenses.business.professional-services', 0.85),
  earning(['zorgtoeslag', 'huurtoeslag', 'kinderopvangtoeslag', 'kindgebonden budget', 'toeslag', 'toeslagen', 'energietoeslag', 'individuele inkomenstoeslag'], 'income.benefits', 0.9, { id: 'allowances', notAtMerchant: true }),
  earning(['kinderbijslag', 'anw', 'nabestaandenuitkering', 'wezenuitkering'], 'income.benefits', 0.9, { id: 'svb-benefits', notAtMerchant: true }),
  earning(['ww uitkering', 'werkloosheidsuitkering', 'wia', 'wia uitkering', 'wga', 'iva uitkering', 'wao', 'wajong', 'ziektewet', 'zw uitkering', 'bijstand*', 'participatiewet', 'ioaw', 'ioaz', 'tozo', 'bbz', 'levensonderhoud'], 'income.benefits', 0.85, { id: 'social-security', notAtMerchant: true }),
  earning(['studiefinanciering', 'stufi', 'basisbeurs', 'aanvullende beurs', 'studievoorschot', 'studentenreisproduct'], 'income.benefits', 0.9, { id: 'study-finance', notAtMerchant: true }),
  earning(['uitkering', 'tegemoetkoming', 'subsidie', 'pgb', 'persoonsgebonden budget'], 'income.benefits', 0.7, { id: 'benefit', notAtMerchant: true }),
  earning(['pensioen*', 'aow', 'ouderdomspensioen', 'nabestaandenpensioen', 'lijfrente*', 'pension', 'ouderdomsuitkering', 'aow uitkering'], 'income.pension', 0.9, { id: 'pension', notAtMerchant: true }),
  spending(['pensioenpremie', 'pensioeninleg', 'lijfrentepremie'], 'expenses.insurance.other', 0.75, { id: 'pension-premium' }),
  keyword(['rente', 'creditrente', 'rentevergoeding', 'rentebijschrijving', 'interest', 'spaarrente', 'renteopbrengst', 'rente uitkering'], {
    in: { category: 'income.interest', confidence: 0.85 },
    out: { category: 'expenses.loans', confidence: 0.5 },
  }),
  keyword(['bonusrente'], { in: { category: 'income.interest', confidence: 0.75 }, out: { category: 'transfers.savings', confidence: 0.65 } }),
  earning(['dividend*'], 'income.other.dividend', 0.8),
  // An insurer paying out a claim makes good a loss; it is no refund of something bought.
  earning(['schadevergoeding', 'schadeuitkering', 'schade uitkering', 'uitkering schade', 'uitbetaling schade', 'schadeclaim', 'schadebedrag'], 'income.other.insurance-claim', 0.85, { id: 'insurance-claim' }),
  earning(['nalatenschap', 'erfenis', 'erfdeel', 'legaat'], 'income.other.inheritance', 0.9, { id: 'inheritance' }),
  // A marketplace paying out what the customer sold (Vinted, Marktplaats, eBay): money from a sale, not a refund.
  earning(['uitbetaling saldo', 'uitbetaling verkoop', 'verkoopopbrengst', 'opbrengst verkoop', 'verkocht'], 'income.other.sales', 0.75, { id: 'sales' }),
  earning(
    ['terugbetaling', 'restitutie', 'retour', 'retourzending', 'retourbetaling', 'refund', 'refunded', 'creditnota', 'creditfactuur', 'teruggave', 'teruggaaf', 'terugstorting', 'cashback', 'compensatie', 'declaratie', 'teveel betaald', 'te veel betaald', 'eindafrekening', 'jaarafrekening', 'chargeback', 'voorlopige teruggaaf', 'btw teruggaaf', 'belastingteruggaaf', 'tegoed'],
    'income.refund',
    0.8,
    { id: 'refund' },
  ),
  earning(['vergoeding', 'onkostenvergoeding'], 'income.refund', 0.6, { id: 'compensation' }),
  earning(['factuur*', 'invoice*', 'inv', 'nota', 'honorarium', 'werkzaamheden'], 'income.business', 0.7, { id: 'invoice' }),
  earning(['cadeau', 'kado', 'verjaardag', 'voorgeschoten', 'voorschieten'], 'income.from-people', 0.55, { id: 'between-people' }),
  keyword(['alimentatie', 'partneralimentatie', 'kinderalimentatie'], {
    in: { category: 'income.from-people.alimony', confidence: 0.85 },
    out: { category: 'expenses.to-people.alimony', confidence: 0.85 },
  }),
  spending(['zakgeld', 'kostgeld'], 'expenses.to-people', 0.75, { id: 'pocket-money' }),
];
