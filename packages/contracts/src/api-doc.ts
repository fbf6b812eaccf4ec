/**
 * Renders docs/api.md from the call definitions, so the document cannot drift from the code.
 * `scripts/write-api-doc.mjs` writes it from dist/; a test compares it with the source. The
 * output is already in Prettier's markdown form (aligned tables), so `prettier --check` passes.
 */
import type { z } from 'zod';
import { ACCESS_CODES, COMMON_CODES, type Access, type CallDefinition } from './call.js';
import { CODES, SUCCESS_CODE, type ErrorCode } from './codes.js';
import { okMessage } from './envelope.js';
import { allCalls } from './calls/index.js';
import { code, table } from './doc/markdown.js';
import { DECISIONS } from './doc/notes.js';
import {
  discriminatorOf,
  fieldsOf,
  names,
  toJson,
  topFields,
  typeOf,
  type Field,
} from './doc/schema-text.js';

function payloadCell(call: CallDefinition): string {
  const parts: string[] = [];
  if (call.params) parts.push(`path: ${names(topFields(toJson(call.params, 'input')), '-')}`);
  if (call.query) parts.push(`query: ${names(topFields(toJson(call.query, 'input')), '-')}`);
  if (call.multipart) parts.push(`multipart: ${call.multipart.map(code).join(', ')}`);
  if (call.body) parts.push(`body: ${names(topFields(toJson(call.body, 'input')), 'empty')}`);
  return parts.length > 0 ? parts.join('; ') : 'none';
}

function answerCell(call: CallDefinition): string {
  if (call.answer === okMessage) return 'Code only';
  const schema = toJson(call.answer, 'output');
  const fields = topFields(schema);
  if (fields) return names(fields, '-');
  return schema.format === 'binary' ? 'binary' : typeOf(schema);
}

function fieldList(title: string, fields: Field[]): string[] {
  return [
    `${title}:`,
    '',
    ...fields.map(
      (field) =>
        `- ${code(field.name)}: ${field.type}${field.description ? ` - ${field.description}` : ''}`,
    ),
    '',
  ];
}

function schemaSection(title: string, schema: z.ZodType, io: 'input' | 'output'): string[] {
  if (schema === okMessage) {
    return [`${title}: a short confirmation; the Code carries the outcome.`, ''];
  }
  const json = toJson(schema, io);
  const variants = (json.anyOf ?? json.oneOf ?? []).filter((variant) => variant.properties);
  if (variants.length > 1) {
    return variants.flatMap((variant, index) =>
      fieldList(
        `${title} when ${discriminatorOf(variant) ?? `variant ${index + 1}`}`,
        fieldsOf(variant) ?? [],
      ),
    );
  }
  const fields = topFields(json);
  if (fields && fields.length > 0) return fieldList(title, fields);
  const description = json.description ? ` - ${json.description}` : '';
  return [`${title}: ${typeOf(json)}${description}`, ''];
}

function callSection(call: CallDefinition): string[] {
  const lines = [
    `### ${call.id}`,
    '',
    `${code(`${call.method} ${call.path}`)} - ${call.summary}.`,
    '',
  ];
  lines.push(
    `Access: ${call.access}.${call.pathChosen ? ' Path chosen by us (the specification does not show it).' : ''}`,
    '',
  );
  if (call.params) lines.push(...schemaSection('Path parameters', call.params, 'input'));
  if (call.query) lines.push(...schemaSection('Query', call.query, 'input'));
  if (call.multipart) {
    lines.push(`Multipart fields: ${call.multipart.map(code).join(', ')} (the file first).`, '');
  }
  if (call.body) lines.push(...schemaSection('Body', call.body, 'input'));
  lines.push(...schemaSection('Answer (`Msg`)', call.answer, 'output'));
  const own = call.codes.length > 0 ? call.codes.map(code).join(', ') : 'none of its own';
  lines.push(`Codes: ${own}.`, '');
  return lines;
}

const ACCESS_TEXT: Record<Access, string> = {
  public: 'anyone, signed in or not',
  session: 'a live session',
  'expired-session': 'a session that may have idled out (re-authentication)',
  'company-admin': 'a live session with global.owner or global.admin in the current company',
  'platform-admin': 'a company administrator of the platform company (core1)',
  client: "a client application's server, by client id and secret (or hash)",
};

function codeText(error: ErrorCode): string {
  const text = CODES[error].text;
  // Angle brackets would read as HTML in the rendered page.
  return text === '' ? '(silent)' : text.replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function renderApiDoc(calls: readonly CallDefinition[] = allCalls): string {
  const callRows = calls.map((call) => [
    code(call.id),
    call.method,
    code(call.path),
    payloadCell(call),
    answerCell(call),
    call.access,
    call.codes.length > 0 ? call.codes.map(code).join(', ') : '-',
  ]);
  const accessRows = (Object.keys(ACCESS_TEXT) as Access[]).map((access) => [
    access,
    ACCESS_TEXT[access],
    ACCESS_CODES[access].length > 0 ? ACCESS_CODES[access].map(code).join(', ') : '-',
  ]);
  const codeRows = (Object.keys(CODES) as ErrorCode[]).map((error) => [
    code(error),
    String(CODES[error].status),
    codeText(error),
    CODES[error].origin,
  ]);
  const lines = [
    '# API',
    '',
    '<!-- Generated by packages/contracts/scripts/write-api-doc.mjs from the call definitions. Do not edit. -->',
    '',
    `Every answer is \`{ Code, Msg }\`: \`Code\` is \`"${SUCCESS_CODE}"\` on success, otherwise a code of the catalogue below, and the HTTP status tells its class. The Answer column describes \`Msg\` on success. Credentials marked base64 travel base64-encoded UTF-8; bad base64 answers \`incomplete_param\`, and so does a text value the database cannot store (a NUL character or a lone UTF-16 surrogate) in any field. Dates are ISO 8601 strings. Payload names ending in \`?\` are optional.`,
    '',
    '## Calls',
    '',
    `The Codes column lists the failure codes a call adds. Every call may also answer ${COMMON_CODES.map(code).join(', ')}, and the codes of its access level (next section).`,
    '',
    table(['Call', 'Method', 'Path', 'Payload', 'Answer', 'Access', 'Codes'], callRows),
    '',
    '## Access levels',
    '',
    table(['Access', 'Who', 'Codes of the check'], accessRows),
    '',
    '## Code catalogue',
    '',
    "Origin `spec` codes are the specification's; `added` codes are ours, for situations it leaves open. NETWORK_ERROR is the portal's own code for a request that never reached the server; the API never sends it.",
    '',
    table(['Code', 'HTTP', 'Text', 'Origin'], codeRows),
    '',
    '## Decisions',
    '',
    ...DECISIONS.map((decision) => `- ${decision}`),
    '',
    '## Call details',
    '',
    ...calls.flatMap(callSection),
  ];
  // One trailing newline, as Prettier leaves a file.
  return `${lines.join('\n').trimEnd()}\n`;
}
