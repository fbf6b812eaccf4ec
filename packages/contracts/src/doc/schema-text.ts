import { z } from 'zod';
import { code } from './markdown.js';

/** One-line descriptions of zod schemas, through their JSON Schema, for docs/api.md. */

export type Json = z.core.JSONSchema.JSONSchema;
type JsonOrBool = z.core.JSONSchema._JSONSchema;

export function toJson(schema: z.ZodType, io: 'input' | 'output'): Json {
  // `unrepresentable: 'any'` keeps the document whole if a schema ever holds a custom check.
  return z.toJSONSchema(schema, { io, unrepresentable: 'any' });
}

function range(min: number | undefined, max: number | undefined, unit: string): string {
  if (min !== undefined && max !== undefined) {
    return min === max ? `${min}${unit}` : `${min}-${max}${unit}`;
  }
  if (min !== undefined) return `>= ${min}${unit}`;
  if (max !== undefined) return `<= ${max}${unit}`;
  return '';
}

function withBounds(name: string, bounds: string): string {
  return bounds === '' ? name : `${name} (${bounds})`;
}

/** A one-line type of a JSON schema: `string (1-64 chars)`, `array of { id; name }`, ... */
export function typeOf(schema: JsonOrBool): string {
  if (typeof schema === 'boolean') return schema ? 'any' : 'nothing';
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) return schema.enum.map((value) => JSON.stringify(value)).join(' or ');
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return variants.map(typeOf).join(' or ');
  const type = Array.isArray(schema.type) ? schema.type.join(' or ') : schema.type;
  switch (type) {
    case 'string': {
      // Short patterns say what a field is (an MPIN); long ones would only be noise.
      const pattern =
        !schema.format && schema.pattern && schema.pattern.length <= 40
          ? ` matching ${code(schema.pattern)}`
          : '';
      const name = schema.format ? `string, ${schema.format}` : `string${pattern}`;
      return withBounds(name, range(schema.minLength, schema.maxLength, ' chars'));
    }
    case 'integer':
    case 'number': {
      // zod states the safe-integer bounds of `.int()`; they say nothing to a reader.
      const safe = (n: number | undefined) =>
        n === undefined || Math.abs(n) >= Number.MAX_SAFE_INTEGER ? undefined : n;
      return withBounds(type, range(safe(schema.minimum), safe(schema.maximum), ''));
    }
    case 'array': {
      const items = Array.isArray(schema.items) ? schema.items[0] : schema.items;
      const bounds = range(schema.minItems, schema.maxItems, ' items');
      return withBounds(`array of ${items === undefined ? 'any' : typeOf(items)}`, bounds);
    }
    case 'object': {
      if (schema.properties) {
        const required = new Set(schema.required ?? []);
        const fields = Object.keys(schema.properties).map((key) =>
          required.has(key) ? key : `${key}?`,
        );
        return fields.length > 0 ? `{ ${fields.join('; ')} }` : 'empty object';
      }
      const values = schema.additionalProperties;
      return values === undefined || typeof values === 'boolean'
        ? 'object'
        : `map of ${typeOf(values)}`;
    }
    case undefined:
      return 'any';
    default:
      return type;
  }
}

export interface Field {
  name: string;
  type: string;
  description: string | undefined;
}

/** The fields of an object schema, one level deep (nested objects show their keys). */
export function fieldsOf(schema: Json): Field[] | undefined {
  if (!schema.properties) return undefined;
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties).map(([name, field]) => ({
    name: required.has(name) ? name : `${name}?`,
    type: typeOf(field),
    description: typeof field === 'boolean' ? undefined : field.description,
  }));
}

/** An object, or a union of objects (the fields of every variant, once). */
export function topFields(schema: Json): Field[] | undefined {
  const own = fieldsOf(schema);
  if (own) return own;
  const variants = schema.anyOf ?? schema.oneOf;
  if (!variants) return undefined;
  const seen = new Map<string, Field>();
  for (const variant of variants) {
    for (const field of fieldsOf(variant) ?? []) {
      const known = seen.get(field.name);
      seen.set(
        field.name,
        known && known.type !== field.type
          ? { ...known, type: `${known.type} or ${field.type}` }
          : field,
      );
    }
  }
  return seen.size > 0 ? [...seen.values()] : undefined;
}

function isBase64(field: Field): boolean {
  return field.description?.startsWith('base64') ?? false;
}

export function names(fields: Field[] | undefined, fallback: string): string {
  if (!fields || fields.length === 0) return fallback;
  return fields.map((field) => code(field.name) + (isBase64(field) ? ' (base64)' : '')).join(', ');
}

/** The field that tells the variants of a union apart: the first one with a constant. */
export function discriminatorOf(variant: Json): string | undefined {
  for (const [name, field] of Object.entries(variant.properties ?? {})) {
    if (typeof field !== 'boolean' && field.const !== undefined) {
      return `${code(name)} is ${JSON.stringify(field.const)}`;
    }
  }
  return undefined;
}
