import { z } from 'zod/v4';
import { defineRoutes, json, problem } from './http/route';
import { dataEnvelope, dateTimeString, int32 } from './schema/common';
import { pathGuid } from './schema/fields';
import { component } from './schema/json-schema';
import { transactionSchema } from './consents';
import { Scopes } from './scopes';

/** The sequencing result of spec 2.6, plus counterpartName, predictions and status. */
const decimal = () => z.number();

/** What a day of period is, said once for every field that holds one. */
const DAY_OF_PERIOD =
  'Day of period: the calendar day within the period the payment belongs to, the period\u2019s first day (the Monday, the 1st, the first day of the quarter; Quad Weekly: the expected date) being 1. A payment booked before its period begins counts back from 1 (27 February for a period beginning 1 March is -1), one booked after it ends counts on past its length: Weekly -2 to 8, Quad Weekly -4 to 6, Monthly -5 to 37, Quarterly -6 to 99.';

const timeStatistics = component(
  'TimeStatistics',
  z
    .object({ minDayOfPeriod: int32(), maxDayOfPeriod: int32(), medianDayOfPeriod: decimal(), averageDayOfPeriod: decimal(), modeDayOfPeriod: int32(), stdDevDayOfPeriod: decimal() })
    .meta({ description: `Statistics of the days of period of the sequence\u2019s transactions in the window (all 0 when none is). ${DAY_OF_PERIOD}` }),
);
const amountStatistics = component(
  'AmountStatistics',
  z.object({ minAmount: decimal(), maxAmount: decimal(), medianAmount: decimal(), averageAmount: decimal(), modeAmount: decimal(), stdDevAmount: decimal(), totalAmount: decimal() }),
);

export const sequenceSchema = component(
  'Sequence',
  z.object({
    periodicity: z.enum(['Weekly', 'Monthly', 'Quad Weekly', 'Quarterly']),
    currency: z.string().meta({ description: 'Currency of every transaction in the sequence: a sequence never mixes currencies, so each currency of a subscription is a sequence of its own', examples: ['EUR'] }),
    transactions: z.array(transactionSchema),
    periodMatches: int32(),
    periodMatchPercentage: decimal(),
    amountMatchPercentage: decimal(),
    timelinessMatchPercentage: decimal(),
    timeConsistency: z.object({
      duration: z.string().meta({ description: 'd.hh:mm:ss', examples: ['364.00:00:00'] }),
      transactionCount: int32(),
      firstSeen: dateTimeString(),
      lastSeen: dateTimeString(),
      mostRecentDayOfPeriod: int32().meta({ description: `The day of period of the most recent transaction. ${DAY_OF_PERIOD}` }),
      statisticsL12M: timeStatistics,
      statisticsL6M: timeStatistics,
      statisticsL3M: timeStatistics,
    }),
    amountConsistency: z.object({ mostRecentAmount: decimal(), statisticsL12M: amountStatistics, statisticsL6M: amountStatistics, statisticsL3M: amountStatistics }),
    counterpartName: z.string(),
    predictedNextDate: z.string().meta({ format: 'date' }),
    predictedAmountRange: z.object({ min: decimal(), max: decimal() }),
    status: z.enum(['Active', 'Early', 'Ended']),
  }),
);

export const sequencingResultSchema = component(
  'SequencingResult',
  z.object({
    incomeSequences: z.array(sequenceSchema),
    expenseSequences: z.array(sequenceSchema),
    engineVersion: z.string().meta({ description: 'Semantic version of the sequencing engine' }),
  }),
);

const customer = { scope: Scopes.customerApi };
const result = json('Recurring income and expense sequences', dataEnvelope(sequencingResultSchema));

export const sequencingRoutes = defineRoutes(
  { service: 'sequencing-engine', tags: ['Sequencing'] },
  {
    getConsentSequencing: {
      method: 'get',
      path: '/consents/{id}/sequencing',
      auth: customer,
      summary: 'Recurring income and expenses of a consent (latest 13 months)',
      params: { id: pathGuid().meta({ description: 'Consent id' }) },
      responses: { 200: result, 404: problem('Unknown, not yet fetched, or neither owned by nor shared with the caller') },
    },
    getUserSequencing: {
      method: 'get',
      path: '/users/{id}/sequencing',
      auth: customer,
      summary: 'Recurring income and expenses over every readable consent of a user (latest 13 months)',
      params: { id: pathGuid().meta({ description: 'The userId given at consent creation' }) },
      responses: { 200: result, 404: problem('No readable consent of that user') },
    },
  },
);
