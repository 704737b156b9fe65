export { problemDetailsSchema, type ProblemBody } from './schema/common';

export const ProblemTypes = {
  validation: 'https://tools.ietf.org/html/rfc9110#section-15.5.1',
  unauthorized: 'https://tools.ietf.org/html/rfc9110#section-15.5.2',
  forbidden: 'https://tools.ietf.org/html/rfc9110#section-15.5.4',
  notFound: 'https://tools.ietf.org/html/rfc9110#section-15.5.5',
  methodNotAllowed: 'https://tools.ietf.org/html/rfc9110#section-15.5.6',
  requestTimeout: 'https://tools.ietf.org/html/rfc9110#section-15.5.9',
  conflict: 'https://tools.ietf.org/html/rfc9110#section-15.5.10',
  payloadTooLarge: 'https://tools.ietf.org/html/rfc9110#section-15.5.14',
  unsupportedMediaType: 'https://tools.ietf.org/html/rfc9110#section-15.5.16',
  unprocessableContent: 'https://tools.ietf.org/html/rfc9110#section-15.5.21',
  tooManyRequests: 'https://tools.ietf.org/html/rfc6585#section-4',
  headerFieldsTooLarge: 'https://tools.ietf.org/html/rfc6585#section-5',
  internal: 'https://tools.ietf.org/html/rfc9110#section-15.6.1',
  badGateway: 'https://tools.ietf.org/html/rfc9110#section-15.6.3',
  unavailable: 'https://tools.ietf.org/html/rfc9110#section-15.6.4',
} as const;
