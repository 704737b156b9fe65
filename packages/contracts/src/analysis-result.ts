import { z } from 'zod/v4';
import { categorySchema, transactionFlagSchema } from './categories';
import { guidString } from './schema/common';
import { component } from './schema/json-schema';
import { sequencingResultSchema } from './sequencing';

/** The result of an analysis job (engines e1 and z2). Every figure lists the transactions it was computed from. */

const money = () => z.number().meta({ description: 'In the result\u2019s currency, 2 decimals; income positive, expenses negative' });
const transactionIds = () => z.array(guidString()).meta({ description: 'The transactions this figure was computed from' });

export const analysisEngines = ['e1', 'z2'] as const;
export type AnalysisEngine = (typeof analysisEngines)[number];
export const analysisProfiles = ['retail', 'corporate'] as const;
export type AnalysisProfile = (typeof analysisProfiles)[number];

/** A sum and the transactions it adds up. */
export const tracedAmountSchema = component('TracedAmount', z.object({ amount: money(), transactionIds: transactionIds() }));

export const categoryAmountSchema = component(
  'CategoryAmount',
  z.object({ category: categorySchema, amount: money(), transactionIds: transactionIds() }),
);

/** Income or expense of one month (or the whole period); `byCategory` only with engine e1. */
export const flowSchema = component(
  'Flow',
  z.object({ amount: money(), transactionIds: transactionIds(), byCategory: z.array(categoryAmountSchema).nullable() }),
);

export const monthSummarySchema = component(
  'MonthSummary',
  z.object({
    month: z.string().regex(/^\d{4}-\d{2}$/).meta({ description: 'YYYY-MM, by booking date', examples: ['2026-10'] }),
    income: flowSchema,
    expense: flowSchema,
    net: money(),
  }),
);

/** One transaction as engine e1 categorised it. */
export const categorisedTransactionSchema = component(
  'CategorisedTransaction',
  z.object({
    transactionId: guidString(),
    accountId: guidString(),
    bookingDate: z.string().meta({ format: 'date-time' }),
    amount: z.number().meta({ description: 'In the transaction\u2019s own currency, 2 decimals; signed: negative is money out' }),
    currency: z
      .string()
      .nullable()
      .meta({ description: 'The transaction\u2019s currency code, as booked; null only in results of analysis engine version 1.0.0, which did not keep it', examples: ['EUR'] }),
    description: z.string().nullable(),
    counterpartName: z.string().nullable(),
    category: categorySchema,
    flags: z.array(transactionFlagSchema),
    confidence: z.number().min(0).max(1),
    source: z.string().meta({ description: '`rule:<id>`, `feedback:<id>` or `model:<version>`', examples: ['rule:merchant.albert-heijn'] }),
  }),
);

/** A share of the period's expenses (0..1), with its amount and transactions. */
export const tracedShareSchema = component('TracedShare', z.object({ share: z.number().min(0).max(1), amount: money(), transactionIds: transactionIds() }));

export const indicatorsSchema = component(
  'AnalysisIndicators',
  z.object({
    recurringIncomePerMonth: tracedAmountSchema.meta({
      description:
        'What the Active income sequences bring in a month: for each, the mean amount of its transactions listed here (those of the last 3 months, or its latest) times its occurrences per month (Weekly 52/12, Quad Weekly 13/12, Monthly 1, Quarterly 1/3), summed. An average, so not the total of the transactions listed.',
    }),
    fixedCostsPerMonth: tracedAmountSchema.meta({ description: 'The same for the Active expense sequences (negative).' }),
    disposableIncomePerMonth: z.object({ amount: money() }).meta({ description: 'recurringIncomePerMonth + fixedCostsPerMonth' }),
    gambling: tracedShareSchema.meta({ description: 'Gambling, as a share of all expenses' }),
    cash: tracedShareSchema.meta({ description: 'Cash withdrawals, as a share of all expenses' }),
    returnedDirectDebits: z.object({ count: z.number().int(), amount: money(), transactionIds: transactionIds() }),
  }),
);

const corporateFigures = {
  revenue: tracedAmountSchema,
  costs: tracedAmountSchema,
  vatPaid: tracedAmountSchema,
  taxPaid: tracedAmountSchema.meta({ description: 'Taxes paid other than VAT (income, wage and local taxes)' }),
  result: money().meta({ description: 'revenue + costs (costs are negative)' }),
};

/** Profile `corporate`: one month's revenue, costs and taxes, each with the transactions booked in it. */
export const corporateMonthSchema = component(
  'CorporateMonth',
  z.object({ month: z.string().regex(/^\d{4}-\d{2}$/).meta({ description: 'YYYY-MM, by booking date', examples: ['2026-10'] }), ...corporateFigures }),
);

/** Profile `corporate`: the business's figures instead of a household's, over the whole period and per month. */
export const corporateSummarySchema = component(
  'CorporateSummary',
  z.object({
    kvkNumber: z.string(),
    ...corporateFigures,
    months: z
      .array(corporateMonthSchema)
      .nullable()
      .meta({
        description:
          'The same figures for every month of `months` (empty months included), each month\u2019s adding up to the totals above; null only in results of analysis engine versions before 1.2.0, which gave totals only',
      }),
  }),
);

export const analysisResultSchema = component(
  'AnalysisResult',
  z.object({
    jobId: guidString(),
    engine: z.enum(analysisEngines),
    engineVersion: z.string().meta({ description: 'Semantic version of the engine' }),
    currency: z
      .string()
      .nullable()
      .meta({
        description:
          'The currency of every money figure of the result (months, totals, indicators, corporate): the currency most of the analysed transactions are booked in (a tie goes to EUR, then to the first code in alphabetical order; EUR without transactions). Transactions in other currencies are in none of those figures and are listed in `otherCurrencyTransactionIds`; `sequencing` keeps every sequence, each in its own currency. null only in results of analysis engine version 1.0.0, whose figures added up every amount whatever its currency.',
        examples: ['EUR'],
      }),
    profile: z.enum(analysisProfiles),
    countryCode: z.string().nullable(),
    kvkNumber: z.string().nullable(),
    period: z.object({ from: z.string().meta({ format: 'date' }), to: z.string().meta({ format: 'date' }) }).nullable()
      .meta({ description: 'The span of the transactions analysed: the first and last booking date of the input\u2019s whole fetched history, whatever their currency; null without transactions' }),
    consentIds: z.array(guidString()),
    accountIds: z.array(guidString()),
    sequencing: sequencingResultSchema,
    months: z.array(monthSummarySchema).meta({ description: 'Every calendar month of `period`, empty months included, oldest first' }),
    totals: z.object({ income: flowSchema, expense: flowSchema, net: money() }).meta({ description: 'Over the whole period: the sums of `months`' }),
    indicators: indicatorsSchema,
    corporate: corporateSummarySchema.nullable(),
    transactions: z.array(categorisedTransactionSchema).nullable().meta({ description: 'Engine e1: every transaction with its category, whatever its currency; null for z2' }),
    internalTransferIds: transactionIds().meta({ description: 'Transfers between own accounts (the consents\u2019 own IBANs and Metadata.internal_ibans): left out of income and expense' }),
    otherCurrencyTransactionIds: transactionIds()
      .nullable()
      .meta({
        description:
          'The transactions booked in a currency other than the result\u2019s: left out of every money figure (they are still in `period`, `transactions` and `sequencing`); null only in results of analysis engine version 1.0.0, which did not tell currencies apart',
      }),
  }),
);

export type AnalysisResult = z.infer<typeof analysisResultSchema>;
export type MonthSummary = z.infer<typeof monthSummarySchema>;
export type Flow = z.infer<typeof flowSchema>;
