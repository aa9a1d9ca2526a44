import type { OpenApiDocument } from './openApiDocument.js';

/*
 * `/api/docs`: the OpenAPI document as one server-rendered page. No script at all (the CSP
 * allows only our own scripts, docs/decisions/005) and no CDN: a list of operations with their
 * parameters, bodies and replies, and the shared schemas at the end.
 */

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const pretty = (value: unknown) => escapeHtml(JSON.stringify(value, null, 2));

interface Operation {
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: { name: string; in: string; required?: boolean; schema?: unknown }[];
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  responses?: Record<
    string,
    { description?: string; content?: Record<string, { schema?: unknown }> }
  >;
}

function contentBlocks(content: Record<string, { schema?: unknown }> | undefined): string {
  if (!content) return '';
  return Object.entries(content)
    .map(
      ([type, { schema }]) =>
        `<div class="ct">${escapeHtml(type)}</div><pre>${pretty(schema ?? {})}</pre>`,
    )
    .join('');
}

function operationHtml(method: string, path: string, op: Operation): string {
  const id = `${method}-${path}`.replace(/[^A-Za-z0-9]+/g, '-');
  const params = (op.parameters ?? [])
    .map(
      (p) =>
        `<tr><td><code>${escapeHtml(p.name)}</code></td><td>${escapeHtml(p.in)}</td>` +
        `<td>${p.required ? 'yes' : ''}</td><td><code>${escapeHtml(JSON.stringify(p.schema ?? {}))}</code></td></tr>`,
    )
    .join('');
  const replies = Object.entries(op.responses ?? {})
    .map(
      ([status, r]) =>
        `<h4>${escapeHtml(status)}: ${escapeHtml(r.description ?? '')}</h4>${contentBlocks(r.content)}`,
    )
    .join('');
  return `<section class="op" id="${id}">
<h3><span class="m m-${method}">${method.toUpperCase()}</span> <code>/api${escapeHtml(path)}</code></h3>
<p>${escapeHtml(op.summary ?? '')}. ${escapeHtml(op.description ?? '')}</p>
${params ? `<table><tr><th>Parameter</th><th>In</th><th>Required</th><th>Schema</th></tr>${params}</table>` : ''}
${op.requestBody ? `<h4>Body</h4>${contentBlocks(op.requestBody.content)}` : ''}
${replies}
</section>`;
}

export function apiDocsPage(doc: OpenApiDocument): string {
  const byTag = new Map<string, string[]>();
  const index: string[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(item as Record<string, Operation>)) {
      const tag = op.tags?.[0] ?? 'Other';
      if (!byTag.has(tag)) byTag.set(tag, []);
      byTag.get(tag)!.push(operationHtml(method, path, op));
      const id = `${method}-${path}`.replace(/[^A-Za-z0-9]+/g, '-');
      index.push(
        `<li><a href="#${id}"><span class="m m-${method}">${method.toUpperCase()}</span> /api${escapeHtml(path)}</a></li>`,
      );
    }
  }
  const sections = [...byTag]
    .map(([tag, ops]) => `<h2>${escapeHtml(tag)}</h2>${ops.join('\n')}`)
    .join('\n');
  const schemas = Object.entries(doc.components?.schemas ?? {})
    .map(
      ([name, schema]) =>
        `<h3 id="schema-${escapeHtml(name)}">${escapeHtml(name)}</h3><pre>${pretty(schema)}</pre>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<title>${escapeHtml(doc.info.title)}: API reference</title>
<style>
body{font:14px/1.45 system-ui,sans-serif;margin:0 auto;max-width:70rem;padding:1rem 2rem;color:#1b1b1b}
code,pre{font:12px/1.4 ui-monospace,monospace}pre{background:#f5f5f5;padding:.5rem;overflow:auto;max-height:24rem}
.op{border-top:1px solid #ddd;padding:.5rem 0}.m{display:inline-block;min-width:4.5em;font-weight:600}
.m-get{color:#0b6e3b}.m-post{color:#0b4f9c}.m-put,.m-patch{color:#8a5a00}.m-delete{color:#a11}
table{border-collapse:collapse}td,th{border:1px solid #ddd;padding:2px 6px;text-align:left}
.ct{color:#555;font-size:12px}ul.index{columns:2;list-style:none;padding:0}
</style></head><body>
<h1>${escapeHtml(doc.info.title)} <small>${escapeHtml(doc.info.version)}</small></h1>
<p>${escapeHtml(doc.info.description ?? '')} The machine-readable document: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI ${escapeHtml(doc.openapi)}).</p>
<ul class="index">${index.join('')}</ul>
${sections}
<h2>Schemas</h2>
${schemas}
</body></html>`;
}
