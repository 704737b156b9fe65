import { context, propagation, type Context } from '@opentelemetry/api';
import type { IHeaders } from 'kafkajs';

/** W3C trace context of `ctx`, as string headers. */
export function traceHeaders(ctx: Context = context.active()): Record<string, string> {
  const carrier: Record<string, string> = {};
  propagation.inject(ctx, carrier);
  return carrier;
}

export function contextFromHeaders(headers: Record<string, string> | IHeaders | undefined): Context {
  const carrier: Record<string, string> = {};
  for (const [key, value] of Object.entries(headers ?? {})) {
    if (value === undefined) continue;
    const v = Array.isArray(value) ? value[0] : value;
    if (v !== undefined) carrier[key] = Buffer.isBuffer(v) ? v.toString('utf8') : String(v);
  }
  return propagation.extract(context.active(), carrier);
}
