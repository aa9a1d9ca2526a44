import { createContractsAjv } from '@payouts/contracts/testing';
import { openApiDocument } from '../features/observability/openapi/openApiDocument.js';
import { ENDPOINTS, type Endpoint } from '@payouts/contracts/endpoints';

/*
 * Real replies against the OpenAPI document: every JSON 2xx reply a test receives through the
 * test app's `api`/`signIn` fetches is checked against the schema its operation documents (the
 * generated JSON Schema, not the zod it came from). A JSON reply from an operation documented
 * as CSV, HTML, a redirect or no body fails too: every JSON reply has a schema.
 */

interface Matcher {
  op: Endpoint;
  pattern: RegExp;
  params: number;
}

const matchers: Matcher[] = Object.values<Endpoint>(ENDPOINTS)
  .map((op) => ({
    op,
    pattern: new RegExp(
      `^${op.path.replace(/[.]/g, '\\.').replace(/:[A-Za-z_][A-Za-z0-9_]*/g, '[^/]+')}$`,
    ),
    params: (op.path.match(/:/g) ?? []).length,
  }))
  // Literal segments before parameters, as the routers register them (`/payouts/summary` first).
  .sort((a, b) => a.params - b.params);

/** The documented operation a request reaches, or undefined. */
export function operationOf(method: string, path: string): Endpoint | undefined {
  const m = method.toLowerCase();
  const pathname = path.split('?')[0]!;
  return matchers.find((x) => x.op.method === m && x.pattern.test(pathname))?.op;
}

const ajv = createContractsAjv({ strict: false });
type ValidateFunction = ReturnType<typeof ajv.compile>;
const validators = new Map<Endpoint, ValidateFunction>();

interface DocumentedOperation {
  requestBody?: { content: Record<string, { schema: object }> };
  responses: Record<string, { content: Record<string, { schema: object }> }>;
}

function documented(op: Endpoint): DocumentedOperation {
  const path = op.path.replace(/^\/api/, '').replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');
  const item = openApiDocument().paths?.[path] as Record<string, DocumentedOperation>;
  return item[op.method]!;
}

/** `#/components/...` references resolve inside this root (strict off: `components` is no keyword). */
const compile = (schema: object): ValidateFunction =>
  ajv.compile({ ...schema, components: openApiDocument().components });

function validatorOf(op: Endpoint): ValidateFunction {
  let validate = validators.get(op);
  if (!validate) {
    const response = documented(op).responses[String(op.reply.status)]!;
    validate = compile(response.content['application/json']!.schema);
    validators.set(op, validate);
  }
  return validate;
}

const bodyValidators = new Map<Endpoint, ValidateFunction>();

/**
 * The problems the document finds in a JSON request body for `op` (its generated JSON Schema,
 * not the zod it came from): [] when it accepts it. Throws when `op` documents no JSON body.
 */
export function requestBodyProblems(op: Endpoint, body: unknown): string[] {
  let validate = bodyValidators.get(op);
  if (!validate) {
    const schema = documented(op).requestBody?.content['application/json']?.schema;
    if (!schema) throw new Error(`${op.method} ${op.path}: documents no JSON request body`);
    validate = compile(schema);
    bodyValidators.set(op, validate);
  }
  return validate(body) ? [] : problemsOf(validate);
}

function problemsOf(validate: ValidateFunction): string[] {
  return (validate.errors ?? []).map(
    (e) => `${e.instancePath || '/'} ${e.message ?? ''} ${JSON.stringify(e.params)}`,
  );
}

/**
 * Throws when a JSON 2xx reply does not match its operation's documented schema, or comes from
 * an operation documented without one. Non-JSON, non-2xx and undocumented requests (e.g. a 404
 * path) pass unchecked.
 */
export function checkReplyConforms(
  method: string,
  path: string,
  status: number,
  contentType: string | null,
  body: string,
): void {
  if (status < 200 || status > 299 || !contentType?.startsWith('application/json')) return;
  const op = operationOf(method, path);
  if (!op) return;
  if ('kind' in op.reply) {
    throw new Error(
      `${method} ${path}: replied JSON, documented as ${op.reply.kind} (${op.path}): describe its reply in operations.ts`,
    );
  }
  const validate = validatorOf(op);
  const statuses = [op.reply.status, ...(op.reply.also ?? [])];
  if (!statuses.includes(status)) {
    throw new Error(`${method} ${path}: replied ${status}, documented ${statuses.join(', ')}`);
  }
  if (!validate(JSON.parse(body))) {
    const problems = problemsOf(validate).join('; ');
    throw new Error(
      `${method} ${path}: the reply does not match the OpenAPI document (${op.path}): ${problems}`,
    );
  }
}
