import {
  ENDPOINTS,
  endpoint,
  json,
  type ReplyOf,
  type RequestBodyOf,
} from '@payouts/contracts/endpoints';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { fuzzRouteOf } from '../../../testing/fuzz/routeTable.js';
import { buildOpenApiDocument } from './openApiDocument.js';

/*
 * One edit in `@payouts/contracts` changes everything built from an endpoint's definition: a
 * field added to the reject body and the payout reply shows in the OpenAPI document, in the
 * type the SPA's client gives and takes, and in the fuzz table.
 */
const original = ENDPOINTS.rejectPayout;
const edited = endpoint(
  { method: original.method, path: original.path, access: original.access },
  {
    summary: original.summary,
    tag: original.tag,
    body: original.body.extend({ note: z.string() }),
    reply: json(original.reply.json.extend({ reviewed: z.boolean() }).meta({ id: 'EditedPayout' })),
  },
);

describe('one definition per endpoint', () => {
  it('puts a field added to a body and a reply into the OpenAPI document', () => {
    const before = buildOpenApiDocument('0', ENDPOINTS);
    const after = buildOpenApiDocument('0', { ...ENDPOINTS, rejectPayout: edited });
    const operation = (doc: typeof before) => doc.paths?.['/payouts/{id}/reject']?.post;
    // The reject body is inline (it has no id of its own).
    const bodyOf = (doc: typeof before) => JSON.stringify(operation(doc)?.requestBody ?? {});
    expect(bodyOf(before)).not.toContain('"note"');
    expect(bodyOf(after)).toContain('"note"');
    const replyOf = (doc: typeof before) =>
      (doc.components?.schemas as Record<string, { properties?: object }> | undefined)?.[
        'EditedPayout'
      ]?.properties ?? {};
    expect(replyOf(before)).not.toHaveProperty('reviewed');
    expect(replyOf(after)).toHaveProperty('reviewed');
  });

  it('puts it into the types the SPA’s client sends and receives', () => {
    expectTypeOf<RequestBodyOf<typeof original>>().not.toHaveProperty('note');
    expectTypeOf<RequestBodyOf<typeof edited>>().toHaveProperty('note');
    expectTypeOf<ReplyOf<typeof original>>().not.toHaveProperty('reviewed');
    expectTypeOf<ReplyOf<typeof edited>>().toHaveProperty('reviewed').toEqualTypeOf<boolean>();
  });

  it('puts the body field into the fuzz table, as a string to break', () => {
    expect(fuzzRouteOf('rejectPayout', original).body?.fields).not.toHaveProperty('note');
    expect(fuzzRouteOf('rejectPayout', edited).body?.fields).toMatchObject({
      note: 'string',
      reason: 'string',
    });
  });
});
