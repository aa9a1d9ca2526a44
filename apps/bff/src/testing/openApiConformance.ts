import { createContractsAjv } from '@payouts/contracts/testing';
import { openApiDocument } from '../features/observability/openapi/openApiDocument.js';
import { API_OPERATIONS, type ApiOperation } from '../features/observability/openapi/operations.js';

/*
 * Real replies against the OpenAPI document: every JSON 2xx reply a test receives through the
 * test app's `api`/`signIn` fetches is checked against the schema its operation documents (the
 * generated JSON Schema, not the zod it came from). A JSON reply from an operation documented
 * as CSV, HTML, a redirect or no body fails too: every JSON reply has a schema.
 */

interface Matcher {
  op: ApiOperation;
  pattern: RegExp;
  params: number;
}

const matchers: Matcher[] = API_OPERATIONS.map((op) => ({
  op,
  pattern: new RegExp(
    `^${op.path.replace(/[.]/g, '\\.').replace(/:[A-Za-z_][A-Za-z0-9_]*/g, '[^/]+')}$`,
  ),
  params: (op.path.match(/:/g) ?? []).length,
}))
  // Literal segments before parameters, as the routers register them (`/payouts/summary` first).
  .sort((a, b) => a.params - b.params);

/** The documented operation a request reaches, or undefined. */
export function operationOf(method: string, path: string): ApiOperation | undefined {
  const m = method.toLowerCase();
  const pathname = path.split('?')[0]!;
  return matchers.find((x) => x.op.method === m && x.pattern.test(pathname))?.op;
}

const ajv = createContractsAjv({ strict: false });
type ValidateFunction = ReturnType<typeof ajv.compile>;
const validators = new Map<ApiOperation, ValidateFunction>();

function validatorOf(op: ApiOperation): ValidateFunction {
  let validate = validators.get(op);
  if (!validate) {
    const doc = openApiDocument();
    const path = op.path.replace(/^\/api/, '').replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');
    const item = doc.paths?.[path] as Record<string, { responses: Record<string, unknown> }>;
    const response = item[op.method]!.responses[String(op.reply.status)] as {
      content: Record<string, { schema: object }>;
    };
    // `#/components/...` references resolve inside this root (strict off: `components` is no keyword).
    validate = ajv.compile({
      ...response.content['application/json']!.schema,
      components: doc.components,
    });
    validators.set(op, validate);
  }
  return validate;
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
    const problems = (validate.errors ?? [])
      .map((e) => `${e.instancePath || '/'} ${e.message ?? ''} ${JSON.stringify(e.params)}`)
      .join('; ');
    throw new Error(
      `${method} ${path}: the reply does not match the OpenAPI document (${op.path}): ${problems}`,
    );
  }
}
