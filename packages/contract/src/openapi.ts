import { z } from 'zod';
import { BANNER_IMAGE_PATH, bannerImageNameSchema, bannerImageQuerySchema } from './banner';
import { CONSOLE_CSRF_HEADER } from './cookies';
import { API_VERSIONS, BASE_PATH, type Endpoint, resolvePath } from './endpoint';
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

/** OpenAPI 3.1 generated from the endpoint table: the document can never disagree with the routes. */
export function buildOpenApi(info: { version: string } = { version: '1' }): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const [name, ep] of Object.entries(endpoints) as [string, Endpoint][]) {
    const versions = ep.version === 'versioned' ? API_VERSIONS : (['v2'] as const);
    for (const v of versions) {
      const path = BASE_PATH + resolvePath(ep, v);
      const op: JsonSchema = {
        operationId: versions.length > 1 ? `${name}_${v}` : name,
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
        responses: {
          '200': ep.produces
            ? {
                description: `The file (${ep.produces.filename}); an error comes as the error envelope`,
                content: { [ep.produces.type]: { schema: { type: 'string' } } },
              }
            : {
                description: 'Envelope: code 0 with data, or a business error code with the message in data',
                content: {
                  'application/json': {
                    schema: {
                      oneOf: [
                        { type: 'object', properties: { code: { const: 0 }, data: toSchema(ep.data, 'output') } },
                        { $ref: '#/components/schemas/ErrorEnvelope' },
                      ],
                    },
                  },
                },
              },
          default: {
            description: 'Error envelope (400, 401, 403, 404, 409, 413, 422, 429, 500)',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
          },
        },
      };
      if (ep.method !== 'GET' && !(ep.body instanceof z.ZodUndefined)) {
        op.requestBody = {
          required: !ep.body.safeParse(undefined).success,
          content: { 'application/json': { schema: toSchema(ep.body, 'input') } },
        };
      }
      paths[path] = { ...(paths[path] ?? {}), [ep.method.toLowerCase()]: op };
    }
  }
  // The one route outside BASE_PATH (spec §7): an image on success, the error envelope otherwise.
  paths[`${BANNER_IMAGE_PATH}/{image}`] = {
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
  return {
    openapi: '3.1.0',
    info: {
      title: 'campaign-h5 API',
      version: info.version,
      description: 'Every call carries corpId (query, else cookie). Errors use the catalogue below.',
    },
    paths,
    components: {
      schemas: {
        ErrorEnvelope: {
          type: 'object',
          required: ['code', 'data'],
          properties: {
            code: { type: 'integer', enum: Object.values(ERRORS).map((e) => e.code) },
            data: { type: 'string', description: "Message in the user's language (zh-CN default, en-US)" },
          },
        },
      },
    },
  };
}
