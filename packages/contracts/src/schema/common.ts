import { z } from 'zod/v4';
import { component } from './json-schema';

/** Shapes every API uses: envelopes (spec 2.4) and the problem body (spec section 7). */

export const guidString = () => z.string().meta({ format: 'uuid' });
export const dateTimeString = () => z.string().meta({ format: 'date-time' });
export const int32 = () => z.number().int().meta({ format: 'int32' });

export const problemDetailsSchema = component(
  'ProblemDetails',
  z.object({
    type: z.string().meta({ format: 'uri-reference' }).nullable(),
    title: z.string().nullable(),
    status: int32(),
    traceId: z.string().nullable(),
    errors: z.record(z.string(), z.array(z.string())).nullable().optional(),
    detail: z.string().optional(),
    code: z.string().optional().meta({ description: 'A stable reason, where one status has several: `rate_limited` (429); for a request the server could not read, `malformed_request` (400), `header_too_large` (431), `request_timeout` (408), `chunk_extensions_too_large` (413).' }),
  }),
  'RFC 9457 problem details (spec section 7): `errors` maps a property name to its messages.',
);
export type ProblemBody = z.infer<typeof problemDetailsSchema>;

export const paginationSchema = component(
  'Pagination',
  z.object({ page: int32(), size: int32(), totalCount: int32(), totalPages: int32() }),
);
export type Pagination = z.infer<typeof paginationSchema>;

/** Single envelope: `{ data }`. */
export const dataEnvelope = <S extends z.ZodType>(schema: S) => z.object({ data: schema });

/** Paged list envelope: `{ data: [...], _pagination }`. */
export const pagedList = <S extends z.ZodType>(item: S) => z.object({ data: z.array(item).nullable(), _pagination: paginationSchema });

export function pagination(page: number, size: number, totalCount: number): Pagination {
  return { page, size, totalCount, totalPages: Math.ceil(totalCount / size) };
}
