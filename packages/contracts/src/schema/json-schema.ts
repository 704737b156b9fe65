import { z } from 'zod/v4';
import { JSONSchemaGenerator, type $ZodType } from 'zod/v4/core';

export type JsonSchema = Record<string, unknown>;

/**
 * The JSON Schema a schema shows in the API document when zod cannot derive it: fields that
 * accept a string and turn it into something else (a GUID in any of the forms .NET accepts,
 * a date-time, a query parameter's integer).
 */
const explicitJsonSchemas = new WeakMap<object, JsonSchema>();

export function documentedAs<S extends z.ZodType>(schema: S, jsonSchema: JsonSchema): S {
  explicitJsonSchemas.set(schema, jsonSchema);
  return schema;
}

/**
 * Keywords a schema's JSON Schema gains beside what zod derives: rules across its fields that a zod
 * refinement checks and JSON Schema can also state (`oneOf`, `if`/`then`).
 */
const addedJsonSchemas = new WeakMap<object, JsonSchema>();

export function documentedWith<S extends z.ZodType>(schema: S, keywords: JsonSchema): S {
  addedJsonSchemas.set(schema, keywords);
  return schema;
}

/**
 * The NUL character is refused anywhere in input, property names included (`packages/http`,
 * `mount-routes.ts`); the input side of the document says so on every string it does not already
 * constrain to other characters, and on every object's property names.
 */
export const NUL_FREE_PATTERN = '^[^\\u0000]*$';
/** Any JSON value without NUL in a string or property name: what an input object's unknown properties may hold. */
export const NUL_FREE_JSON_ID = 'NulFreeJson';
const nulFreeJson = (): JsonSchema => ({
  description: 'Any JSON value whose strings and property names hold no NUL character (U+0000): what the API ignores in an input object, it still reads for NUL.',
  pattern: NUL_FREE_PATTERN,
  propertyNames: { pattern: NUL_FREE_PATTERN },
  items: { $ref: componentRef(NUL_FREE_JSON_ID) },
  additionalProperties: { $ref: componentRef(NUL_FREE_JSON_ID) },
});

/** Named schemas (registered with an `id` in zod's global registry), published under `#/components/schemas/<id>`. */
const components = z.globalRegistry;
const componentList: z.ZodType[] = [];

/** Registers `schema` as the component `id` of the API document; use the schema it returns. */
export function component<S extends z.ZodType>(id: string, schema: S, description?: string): S {
  const registered = schema.meta(description === undefined ? { id } : { id, description });
  componentList.push(registered);
  return registered;
}

/** Every registered component, in registration order. */
export const registeredComponents = (): readonly z.ZodType[] => componentList;

export const componentRef = (id: string): string => `#/components/schemas/${id}`;

const kept = new Set(['description', 'title', 'examples', 'example', 'deprecated']);

function explicitFor(schema: $ZodType): JsonSchema | undefined {
  for (let s: $ZodType | undefined = schema; s; s = s._zod.parent) {
    const explicit = explicitJsonSchemas.get(s);
    if (explicit) return explicit;
  }
  return undefined;
}

/**
 * Turns schemas into JSON Schema (2020-12, as OpenAPI 3.1 uses it): the input side for what a
 * client sends, the output side for what it receives. Registered components become `$ref`s.
 */
export class JsonSchemaEmitter {
  private readonly generator: JSONSchemaGenerator;
  private readonly defs: Record<string, JsonSchema> = {};

  constructor(readonly io: 'input' | 'output') {
    this.generator = new JSONSchemaGenerator({
      metadata: components,
      io,
      unrepresentable: 'any',
      override: ({ zodSchema, jsonSchema }) => {
        const explicit = explicitFor(zodSchema);
        if (explicit) {
          const annotations = pick(jsonSchema, kept);
          for (const key of Object.keys(jsonSchema)) delete jsonSchema[key];
          Object.assign(jsonSchema, explicit, annotations);
        }
        const added = addedJsonSchemas.get(zodSchema);
        if (added) Object.assign(jsonSchema, added);
      },
    });
  }

  emit(schema: $ZodType): JsonSchema {
    const id = components.get(schema)?.id;
    if (id) {
      this.emitComponent(schema);
      return { $ref: componentRef(id) };
    }
    this.generator.process(schema);
    const { $schema: _ignored, ...json } = this.generator.emit(schema, { external: { registry: components, defs: this.defs } }) as JsonSchema;
    const emitted = pointRefsAtComponents(json);
    return this.io === 'input' ? withoutNul(emitted) : emitted;
  }

  /** Components the emitted schemas refer to that no zod schema declares. */
  ownComponents(): Record<string, JsonSchema> {
    return this.io === 'input' ? { [NUL_FREE_JSON_ID]: nulFreeJson() } : {};
  }

  /** The full JSON Schema of a registered component. */
  emitComponent(schema: $ZodType): JsonSchema {
    this.generator.process(schema);
    // One way of writing references for every emit: zod caches what it emitted, references included.
    const { $schema: _s, $id: _i, id: _id, ...json } = this.generator.emit(schema, { external: { registry: components, defs: this.defs } }) as JsonSchema;
    return pointRefsAtComponents(json);
  }
}

const isStringNode = (node: JsonSchema): boolean => node.type === 'string' || (Array.isArray(node.type) && node.type.includes('string'));
const isObjectNode = (node: JsonSchema): boolean => node.type === 'object';

/**
 * An input schema that states the API's refusal of NUL: a string without a pattern, enumeration or
 * format of its own gets `NUL_FREE_PATTERN` (one of those already leaves NUL out: the contracts' tests
 * check each); an object's property names get it, and its unknown properties may hold only NUL-free JSON.
 */
/** Values, and conditions that only narrow what the schema beside them already states. */
const asIs = new Set(['enum', 'const', 'examples', 'default', 'if', 'then', 'else', 'not']);

function withoutNul(json: JsonSchema): JsonSchema {
  const visit = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(visit);
    if (node === null || typeof node !== 'object') return node;
    const out = Object.fromEntries(Object.entries(node).map(([k, v]) => [k, asIs.has(k) ? v : visit(v)])) as JsonSchema;
    if (isStringNode(out) && !('pattern' in out) && !('enum' in out) && !('const' in out) && !('format' in out)) out.pattern = NUL_FREE_PATTERN;
    if (isObjectNode(out)) {
      out.propertyNames ??= { pattern: NUL_FREE_PATTERN };
      out.additionalProperties ??= { $ref: componentRef(NUL_FREE_JSON_ID) };
    }
    return out;
  };
  return visit(json) as JsonSchema;
}

/** Without a `uri`, zod writes a component reference as its bare id. */
function pointRefsAtComponents(json: JsonSchema): JsonSchema {
  const visit = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(visit);
    if (node === null || typeof node !== 'object') return node;
    return Object.fromEntries(
      Object.entries(node).map(([k, v]) => [k, k === '$ref' && typeof v === 'string' && !v.startsWith('#') ? componentRef(v) : visit(v)]),
    );
  };
  return visit(json) as JsonSchema;
}

function pick(source: JsonSchema, keys: Set<string>): JsonSchema {
  return Object.fromEntries(Object.entries(source).filter(([k]) => keys.has(k)));
}
