import { z } from 'zod';
import { BANNER_IMAGE_PATH, bannerImageNameSchema, bannerImageQuerySchema } from './banner';
import { CONSOLE_CSRF_HEADER } from './cookies';
import { API_VERSIONS, BASE_PATH, type Endpoint, endpointErrors, resolvePath } from './endpoint';
import { ERRORS } from './errors';
import { endpoints } from './table';

type JsonSchema = Record<string, unknown>;

const toSchema = (s: z.ZodType, io: 'input' | 'output'): JsonSchema => {
  const { $schema: _drop, ...rest } = z.toJSONSchema(s, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
};

function queryParameters(ep: Endpoint): JsonSchema[] {
  const schema = toSchema(ep.query, 'input');
  const props = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  const params: JsonSchema[] = [
    { name: 'corpId', in: 'query', required: ep.access !== 'public', schema: { type: 'string' } },
  ];
  for (const [name, s] of Object.entries(props)) {
    params.push({ name, in: 'query', required: required.has(name), schema: s });
  }
  // The console's CSRF token rides on every state-changing console call (checked by the platform).
  if (ep.access === 'console' && ep.method !== 'GET') {
    params.push({ name: CONSOLE_CSRF_HEADER, in: 'header', required: true, schema: { type: 'string' } });
  }
  const headers = toSchema(ep.headers, 'input');
  const requiredHeaders = new Set((headers.required ?? []) as string[]);
  for (const [name, s] of Object.entries((headers.properties ?? {}) as Record<string, JsonSchema>)) {
    params.push({ name, in: 'header', required: requiredHeaders.has(name), schema: s });
  }
  return params;
}

/** The error envelope limited to the codes an answer may carry. */
function errorEnvelope(codes: number[]): JsonSchema {
  return {
    allOf: [
      { $ref: '#/components/schemas/ErrorEnvelope' },
      { type: 'object', properties: { code: { enum: [...new Set(codes)] } } },
    ],
  };
}

type ErrorLine = { name: string; code: number; status: number };

const listed = (es: ErrorLine[]) => es.map((e) => `${e.code} ${e.name}`).join(', ');

/** The error responses by HTTP status (a refusal answered with 200 is part of the 200 response instead). */
function errorResponsesOf(byStatus: Map<number, ErrorLine[]>): Record<string, JsonSchema> {
  const errorResponses: Record<string, JsonSchema> = {};
  for (const [status, es] of [...byStatus].sort(([a], [b]) => a - b)) {
    if (status === 200) continue;
    errorResponses[String(status)] = {
      description: `Error envelope: ${listed(es)}`,
      content: { 'application/json': { schema: errorEnvelope(es.map((e) => e.code)) } },
    };
  }
  return errorResponses;
}

/** The 200 response: a file or stream, or the envelope with the data (or a business refusal). */
function okResponse(ep: Endpoint, refusals: ErrorLine[]): JsonSchema {
  if (ep.produces) {
    return {
      description:
        'filename' in ep.produces
          ? `The file (${ep.produces.filename}); a refusal comes as the error envelope`
          : 'The event stream; a refusal comes as the error envelope',
      content: {
        [ep.produces.type]: { schema: { type: 'string' } },
        ...(refusals.length ? { 'application/json': { schema: errorEnvelope(refusals.map((e) => e.code)) } } : {}),
      },
    };
  }
  return {
    description: refusals.length
      ? `Envelope: code 0 with data, or a business refusal (${listed(refusals)}) with the message in data`
      : 'Envelope: code 0 with data',
    content: {
      'application/json': {
        schema: refusals.length
          ? {
              oneOf: [
                { type: 'object', properties: { code: { const: 0 }, data: toSchema(ep.data, 'output') } },
                errorEnvelope(refusals.map((e) => e.code)),
              ],
            }
          : { type: 'object', properties: { code: { const: 0 }, data: toSchema(ep.data, 'output') } },
      },
    },
  };
}

/** The request body: an upload's file, a JSON body, or none. */
function requestBodyOf(ep: Endpoint): JsonSchema | undefined {
  if (ep.upload) {
    // An upload's body is the file itself (docs/decisions/0347-uploads.md).
    return {
      required: true,
      description: `The file's bytes, at most ${ep.upload.maxBytes} bytes`,
      content: Object.fromEntries(ep.upload.types.map((t) => [t, { schema: { type: 'string', format: 'binary' } }])),
    };
  }
  if (ep.method !== 'GET' && !(ep.body instanceof z.ZodUndefined)) {
    return {
      required: !ep.body.safeParse(undefined).success,
      content: { 'application/json': { schema: toSchema(ep.body, 'input') } },
    };
  }
  return undefined;
}

/** One endpoint's operation at one of its paths. */
function operationOf(ep: Endpoint, operationId: string): JsonSchema {
  const errors = endpointErrors(ep).map((e) => ({ name: e, code: ERRORS[e].code, status: ERRORS[e].status }));
  const byStatus = new Map<number, typeof errors>();
  for (const e of errors) byStatus.set(e.status, [...(byStatus.get(e.status) ?? []), e]);
  const refusals = byStatus.get(200) ?? [];
  const op: JsonSchema = {
    operationId,
    summary: ep.summary,
    tags: [ep.tag],
    description: [
      `Version rule: ${ep.version}${ep.version === 'versioned' ? ' (v3 when cookie isElife=true, else v2)' : ''}.`,
      `Access: ${ep.access}${ep.roles ? ` (roles: ${ep.roles.join(', ')})` : ''}.`,
      ep.loading ? 'The H5 shows a loading indicator.' : '',
      ep.rateLimit ? `Rate-limited (${ep.rateLimit}).` : '',
    ]
      .filter(Boolean)
      .join(' '),
    parameters: queryParameters(ep),
    // Every error code this endpoint may answer with (declared in the contract, and implied by its
    // access, method and headers): the business refusals under 200, the others under their status.
    'x-error-codes': errors,
    responses: { '200': okResponse(ep, refusals), ...errorResponsesOf(byStatus) },
  };
  const requestBody = requestBodyOf(ep);
  if (requestBody) op.requestBody = requestBody;
  return op;
}

/** The one route outside BASE_PATH (spec §7): an image on success, the error envelope otherwise. */
function bannerImageOperation(): Record<string, JsonSchema> {
  return {
    get: {
      operationId: 'bannerImage',
      summary: "A corp's banner image, after the scene / corpId / checkData check",
      tags: ['files'],
      parameters: [
        { name: 'image', in: 'path', required: true, schema: toSchema(bannerImageNameSchema, 'input') },
        ...Object.entries(bannerImageQuerySchema.shape).map(([name, schema]) => ({
          name,
          in: 'query',
          required: true,
          schema: toSchema(schema, 'input'),
        })),
      ],
      responses: {
        '200': { description: 'The image (png, jpeg, webp, gif or svg), cacheable' },
        default: {
          description: 'Error envelope (400 bad check, 404 unknown image)',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
        },
      },
    },
  };
}

/** The envelope every error comes in (a fresh object per document: callers may change theirs). */
function errorEnvelopeSchema(): JsonSchema {
  return {
    type: 'object',
    required: ['code', 'data'],
    properties: {
      code: { type: 'integer', enum: Object.values(ERRORS).map((e) => e.code) },
      data: { type: 'string', description: "Message in the user's language (zh-CN default, en-US)" },
      fields: {
        type: 'object',
        additionalProperties: { type: 'string' },
        description: 'A refused input, field by field: `body.name` (part and path) → message',
      },
    },
  };
}

/** OpenAPI 3.1 generated from the endpoint table: the document can never disagree with the routes. */
export function buildOpenApi(info: { version: string } = { version: '1' }): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const [name, ep] of Object.entries(endpoints) as [string, Endpoint][]) {
    const versions = ep.version === 'versioned' ? API_VERSIONS : (['v2'] as const);
    for (const v of versions) {
      const path = BASE_PATH + resolvePath(ep, v);
      const op = operationOf(ep, versions.length > 1 ? `${name}_${v}` : name);
      paths[path] = { ...(paths[path] ?? {}), [ep.method.toLowerCase()]: op };
    }
  }
  paths[`${BANNER_IMAGE_PATH}/{image}`] = bannerImageOperation();
  return {
    openapi: '3.1.0',
    info: {
      title: 'campaign-h5 API',
      version: info.version,
      description: 'Every call carries corpId (query, else cookie). Errors use the catalogue below.',
    },
    paths,
    components: { schemas: { ErrorEnvelope: errorEnvelopeSchema() } },
  };
}
