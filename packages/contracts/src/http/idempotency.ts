import { z } from 'zod/v4';
import type { ResponseSpec } from './responses';

/**
 * Idempotent creates (Stripe's model): a creating POST declared `idempotent` reads the
 * `Idempotency-Key` header; for 24 hours the app's requests with that key answer what the first one
 * answered, with `Idempotent-Replayed: true`, and create nothing more. `packages/http` runs it.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';
export const MAX_IDEMPOTENCY_KEY_LENGTH = 255;
/** How long a key is remembered. */
export const IDEMPOTENCY_WINDOW_MS = 24 * 3_600_000;

const keyMessage = `The ${IDEMPOTENCY_KEY_HEADER} header must hold 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} printable ASCII characters.`;

/** Printable ASCII (HTTP trims the spaces around it), so a key reads the same byte for byte wherever it passes. */
export const idempotencyKeySchema = z
  .string()
  .refine((key) => key.trim() !== '' && key.length <= MAX_IDEMPOTENCY_KEY_LENGTH && /^[\x20-\x7e]+$/.test(key), keyMessage)
  .optional()
  .meta({
    description:
      `Makes a retried request safe: for 24 hours the app’s requests with this key answer what the first one answered (with \`${IDEMPOTENT_REPLAYED_HEADER}: true\`) and create nothing more; ` +
      `the same key with another body is a 422. Any 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} printable ASCII characters, unique per request the app means once (e.g. a UUID).`,
    minLength: 1,
    maxLength: MAX_IDEMPOTENCY_KEY_LENGTH,
    pattern: '^[\\x20-\\x7e]*[\\x21-\\x7e][\\x20-\\x7e]*$',
  });

const replayedHeader = {
  [IDEMPOTENT_REPLAYED_HEADER]: { description: `\`true\` when this answers an ${IDEMPOTENCY_KEY_HEADER} seen before: it is the first request’s answer, and nothing new was created.`, schema: { type: 'string', enum: ['true'] } },
};

/** What an idempotent route declares besides its own responses: the replay header on its successes and the 422. */
export function idempotentResponses(operationId: string, responses: Record<number, ResponseSpec>): Record<number, ResponseSpec> {
  const out: Record<number, ResponseSpec> = {};
  for (const [code, spec] of Object.entries(responses)) {
    const status = Number(code);
    if (status < 200 || status >= 300) out[status] = spec;
    else if (spec.kind === 'json' || spec.kind === 'empty') out[status] = { ...spec, headers: { ...spec.headers, ...replayedHeader } };
    // A replay is the stored status, body and headers: another kind of answer could not be stored.
    else throw new Error(`${operationId}: an idempotent route answers JSON or nothing, not ${spec.kind}`);
  }
  out[422] ??= { kind: 'problem', description: `The ${IDEMPOTENCY_KEY_HEADER} was used before, within 24 hours, with a different request; \`errors\` names the header.` };
  return out;
}

export const idempotencyHeaders = { [IDEMPOTENCY_KEY_HEADER]: idempotencyKeySchema };
