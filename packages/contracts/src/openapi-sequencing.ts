/** OpenAPI paths and schemas of the sequencing result (spec 2.6 plus DESIGN.md's additions). */
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const problem = (description: string) => ({ description, content: { 'application/problem+json': { schema: ref('ProblemDetails') } } });
const decimal = { type: 'number' } as const;
const integer = { type: 'integer', format: 'int32' } as const;

const operation = (summary: string, idDescription: string) => ({
  get: {
    tags: ['Sequencing'],
    summary,
    parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' }, description: idDescription }],
    responses: {
      '200': { description: 'Recurring income and expense sequences', content: { 'application/json': { schema: { type: 'object', required: ['data'], properties: { data: ref('SequencingResult') } } } } },
      '400': problem('Validation problem'),
      '404': problem('Unknown, not yet fetched, or neither owned by nor shared with the caller'),
      '401': problem('Missing, expired or invalid access token'),
      '403': problem('The access token lacks the customer-api scope'),
    },
  },
});

export const sequencingPaths = {
  '/consents/{id}/sequencing': operation('Recurring income and expenses of a consent (latest 13 months)', 'Consent id'),
  '/users/{id}/sequencing': operation('Recurring income and expenses over every readable consent of a user (latest 13 months)', 'The userId given at consent creation'),
} as const;

const timeStatistics = {
  type: 'object',
  required: ['minDayOfPeriod', 'maxDayOfPeriod', 'medianDayOfPeriod', 'averageDayOfPeriod', 'modeDayOfPeriod', 'stdDevDayOfPeriod'],
  properties: { minDayOfPeriod: integer, maxDayOfPeriod: integer, medianDayOfPeriod: decimal, averageDayOfPeriod: decimal, modeDayOfPeriod: integer, stdDevDayOfPeriod: decimal },
};
const amountStatistics = {
  type: 'object',
  required: ['minAmount', 'maxAmount', 'medianAmount', 'averageAmount', 'modeAmount', 'stdDevAmount', 'totalAmount'],
  properties: { minAmount: decimal, maxAmount: decimal, medianAmount: decimal, averageAmount: decimal, modeAmount: decimal, stdDevAmount: decimal, totalAmount: decimal },
};

export const sequencingSchemas = {
  SequencingResult: {
    type: 'object',
    required: ['incomeSequences', 'expenseSequences', 'engineVersion'],
    properties: {
      incomeSequences: { type: 'array', items: ref('Sequence') },
      expenseSequences: { type: 'array', items: ref('Sequence') },
      engineVersion: { type: 'string', description: 'Semantic version of the sequencing engine' },
    },
  },
  Sequence: {
    type: 'object',
    required: ['periodicity', 'transactions', 'periodMatches', 'periodMatchPercentage', 'amountMatchPercentage', 'timelinessMatchPercentage', 'timeConsistency', 'amountConsistency'],
    properties: {
      periodicity: { type: 'string', enum: ['Weekly', 'Monthly', 'Quad Weekly', 'Quarterly'] },
      transactions: { type: 'array', items: ref('Transaction') },
      periodMatches: integer,
      periodMatchPercentage: decimal,
      amountMatchPercentage: decimal,
      timelinessMatchPercentage: decimal,
      timeConsistency: {
        type: 'object',
        required: ['duration', 'transactionCount', 'firstSeen', 'lastSeen', 'mostRecentDayOfPeriod', 'statisticsL12M', 'statisticsL6M', 'statisticsL3M'],
        properties: {
          duration: { type: 'string', description: 'd.hh:mm:ss', example: '364.00:00:00' },
          transactionCount: integer,
          firstSeen: { type: 'string', format: 'date-time' },
          lastSeen: { type: 'string', format: 'date-time' },
          mostRecentDayOfPeriod: integer,
          statisticsL12M: timeStatistics,
          statisticsL6M: timeStatistics,
          statisticsL3M: timeStatistics,
        },
      },
      amountConsistency: {
        type: 'object',
        required: ['mostRecentAmount', 'statisticsL12M', 'statisticsL6M', 'statisticsL3M'],
        properties: { mostRecentAmount: decimal, statisticsL12M: amountStatistics, statisticsL6M: amountStatistics, statisticsL3M: amountStatistics },
      },
      counterpartName: { type: 'string' },
      predictedNextDate: { type: 'string', format: 'date' },
      predictedAmountRange: { type: 'object', required: ['min', 'max'], properties: { min: decimal, max: decimal } },
      status: { type: 'string', enum: ['Active', 'Early', 'Ended'] },
    },
  },
} as const;
