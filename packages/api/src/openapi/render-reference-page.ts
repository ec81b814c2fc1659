import { type ActionId, accessOf } from '@toolplane/services';
import type { OpenApiDocument, OpenApiOperation } from './build-openapi-document';

type JsonSchema = Record<string, unknown>;

const escapeHtml = (text: unknown): string =>
  String(text)
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');

/** Inline code spans in our own descriptions (`like this`), after escaping. */
const prose = (text: unknown): string => escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>');

const anchor = (text: string) => text.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '');

function typeOf(schema: JsonSchema | undefined): string {
  if (!schema) return 'any';
  if (typeof schema.$ref === 'string') {
    const name = schema.$ref.split('/').at(-1) ?? '';
    return `<a href="#schema-${anchor(name)}">${escapeHtml(name)}</a>`;
  }
  if (Array.isArray(schema.anyOf))
    return (schema.anyOf as JsonSchema[]).map((s) => typeOf(s)).join(' | ');
  if (Array.isArray(schema.enum))
    return (schema.enum as unknown[])
      .map((v) => `<code>${escapeHtml(JSON.stringify(v))}</code>`)
      .join(' | ');
  if (schema.type === 'array') return `${typeOf(schema.items as JsonSchema)}[]`;
  const type = Array.isArray(schema.type) ? schema.type.join(' | ') : (schema.type ?? 'any');
  return escapeHtml(schema.format ? `${type} (${schema.format})` : type);
}

function fieldsTable(schema: JsonSchema): string {
  const properties = schema.properties as Record<string, JsonSchema> | undefined;
  if (!properties) return `<p>${typeOf(schema)}</p>`;
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const rows = Object.entries(properties).map(([name, property]) => {
    const notes = [
      property.description ? prose(property.description) : '',
      property.default !== undefined
        ? `Default <code>${escapeHtml(JSON.stringify(property.default))}</code>.`
        : '',
    ]
      .filter(Boolean)
      .join(' ');
    return `<tr><td><code>${escapeHtml(name)}</code>${required.has(name) ? '' : ' <small>optional</small>'}</td><td>${typeOf(property)}</td><td>${notes}</td></tr>`;
  });
  return `<table><thead><tr><th>Field</th><th>Type</th><th>Notes</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

function who(action: string): string {
  const access = accessOf(action as ActionId);
  if (access === 'public') return 'Public (no token).';
  if (access === 'user') return 'Any token holder, for themselves.';
  return `Roles: ${access.join(', ')}.`;
}

function operationHtml(method: string, path: string, op: OpenApiOperation): string {
  const params = op.parameters ?? [];
  const body = op.requestBody?.content['application/json']?.schema;
  return `<section class="op" id="${anchor(op.operationId)}">
<h3><span class="m m-${method}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></h3>
<p>${prose(op.summary)}${op.description ? `${/[.!?]$/.test(op.summary) ? '' : '.'} ${prose(op.description)}` : ''}</p>
<p class="who">${escapeHtml(who(op['x-toolplane-action']))} Action <code>${escapeHtml(op['x-toolplane-action'])}</code>.</p>
${
  params.length > 0
    ? `<h4>Parameters</h4><table><thead><tr><th>Name</th><th>In</th><th>Type</th><th>Notes</th></tr></thead><tbody>${params
        .map(
          (p) =>
            `<tr><td><code>${escapeHtml(p.name)}</code>${p.required ? '' : ' <small>optional</small>'}</td><td>${p.in}</td><td>${typeOf(p.schema)}</td><td>${p.description ? prose(p.description) : ''}</td></tr>`,
        )
        .join('')}</tbody></table>`
    : ''
}
${body ? `<h4>Body</h4><p>${typeOf(body)}</p>` : ''}
<h4>Responses</h4><ul>${Object.entries(op.responses)
    .map(([status, response]) => {
      const schema = Object.values(response.content ?? {})[0]?.schema;
      return `<li><code>${escapeHtml(status)}</code> ${prose(response.description)}${schema ? ` — ${typeOf(schema)}` : ''}</li>`;
    })
    .join('')}</ul>
</section>`;
}

const STYLE = `
body{font:15px/1.55 system-ui,sans-serif;margin:0;color:#1c1f24;background:#fafafa}
main{max-width:960px;margin:0 auto;padding:2rem 1.25rem 4rem}
h1{margin-top:0}h2{margin-top:2.5rem;border-bottom:1px solid #ddd;padding-bottom:.3rem}
h3{font-size:1.05rem;margin:0 0 .4rem}h4{margin:.9rem 0 .3rem;font-size:.9rem}
code{font:13px ui-monospace,monospace;background:#eef0f3;padding:.05rem .3rem;border-radius:4px}
table{border-collapse:collapse;width:100%;font-size:14px}th,td{text-align:left;border-bottom:1px solid #e4e6ea;padding:.3rem .4rem;vertical-align:top}
.op{background:#fff;border:1px solid #e4e6ea;border-radius:8px;padding:1rem 1.1rem;margin:1rem 0}
.m{font:600 12px ui-monospace,monospace;padding:.15rem .45rem;border-radius:4px;color:#fff;background:#5b6472}
.m-get{background:#1f6feb}.m-post{background:#1a7f37}.m-patch{background:#9a6700}.m-put{background:#8250df}.m-delete{background:#cf222e}
.who{color:#57606a;font-size:14px}small{color:#57606a}nav ul{columns:2}a{color:#0a58ca}
`;

/**
 * The API reference as one server-rendered HTML page: no script, no CDN, one stylesheet carrying
 * the request's CSP nonce, so it renders under the dashboard's Content-Security-Policy.
 */
export function renderReferencePage(doc: OpenApiDocument, nonce: string): string {
  const byTag = new Map<string, string[]>();
  const toc = new Map<string, string[]>();
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const tag = op.tags[0] ?? 'Other';
      byTag.set(tag, [...(byTag.get(tag) ?? []), operationHtml(method, path, op)]);
      toc.set(tag, [
        ...(toc.get(tag) ?? []),
        `<li><a href="#${anchor(op.operationId)}">${escapeHtml(method.toUpperCase())} ${escapeHtml(path)}</a></li>`,
      ]);
    }
  }
  const schemas = Object.entries(doc.components.schemas)
    .map(
      ([name, schema]) =>
        `<section class="op" id="schema-${anchor(name)}"><h3>${escapeHtml(name)}</h3>${schema.description ? `<p>${prose(schema.description)}</p>` : ''}${fieldsTable(schema)}</section>`,
    )
    .join('');
  const problems = [
    'INVALID',
    'UNAUTHENTICATED',
    'FORBIDDEN',
    'NOT_FOUND',
    'CONFLICT',
    'ALREADY_EXISTS',
    'RATE_LIMITED',
    'PAYLOAD_TOO_LARGE',
    'INTERNAL',
  ]
    .map(
      (code) =>
        `<li id="problem-${code.toLowerCase().replaceAll('_', '-')}"><code>${code}</code></li>`,
    )
    .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(doc.info.title)}</title><style nonce="${escapeHtml(nonce)}">${STYLE}</style></head>
<body><main>
<h1>${escapeHtml(doc.info.title)}</h1>
<p>${prose(doc.info.description)}</p>
<p>Machine-readable: <a href="/api/v1/openapi.json">/api/v1/openapi.json</a> (OpenAPI ${escapeHtml(doc.openapi)}).</p>
<h2 id="conventions">Conventions</h2>
<ul>
<li><b>Authentication</b>: <code>Authorization: Bearer tpp_…</code>. Missing, invalid, expired or revoked → 401 with <code>WWW-Authenticate: Bearer</code>.</li>
<li><b>Workspaces</b> are addressed by slug. One you are not a member of is 404, exactly like one that does not exist.</li>
<li><b>Creates</b> (POST) honour <code>Idempotency-Key</code>: a retry with the same key and body replays the first response with <code>Idempotent-Replayed: true</code>.</li>
<li><b>Updates</b> (PATCH) change only the fields sent and need the <code>version</code> you read (body or <code>If-Match</code>); a stale version is 409.</li>
<li><b>Lists</b> take <code>limit</code> (default 50, max 200) and <code>cursor</code>, and return <code>{ items, nextCursor }</code>.</li>
<li><b>Rate limits</b> are per token; 429 carries <code>Retry-After</code>.</li>
<li><b>Errors</b> are <code>application/problem+json</code>: <code>{ type, title, status, detail, code, requestId, errors? }</code>; <code>errors[]</code> names each invalid field. Codes:<ul>${problems}</ul></li>
</ul>
<nav><h2>Endpoints</h2>${[...toc].map(([tag, items]) => `<h4>${escapeHtml(tag)}</h4><ul>${items.join('')}</ul>`).join('')}</nav>
${[...byTag].map(([tag, ops]) => `<h2 id="tag-${anchor(tag)}">${escapeHtml(tag)}</h2>${ops.join('')}`).join('')}
<h2 id="schemas">Schemas</h2>${schemas}
</main></body></html>`;
}
