import { z } from 'zod';

/**
 * spec §5: code 0 = success with data; any other non-empty code = business error, data is the message. A
 * refused input also says what is wrong field by field: `fields` maps `body.name` (the part of the request
 * and the field's path) to its message in the request's language (docs/decisions/0132).
 */
export type Envelope<D> = { code: 0; data: D } | { code: number; data: string; fields?: Record<string, string> };

export const envelopeSchema = z.object({
  code: z.union([z.number(), z.string()]),
  data: z.unknown(),
});

export function ok<D>(data: D): Envelope<D> {
  return { code: 0, data };
}

// One definition for the full contract and the zod-free client entry.
export { isSuccessCode } from './envelope-code';
