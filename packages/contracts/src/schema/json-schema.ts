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
        if (!explicit) return;
        const annotations = pick(jsonSchema, kept);
        for (const key of Object.keys(jsonSchema)) delete jsonSchema[key];
        Object.assign(jsonSchema, explicit, annotations);
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
    return pointRefsAtComponents(json);
  }

  /** The full JSON Schema of a registered component. */
  emitComponent(schema: $ZodType): JsonSchema {
    this.generator.process(schema);
    // One way of writing references for every emit: zod caches what it emitted, references included.
    const { $schema: _s, $id: _i, id: _id, ...json } = this.generator.emit(schema, { external: { registry: components, defs: this.defs } }) as JsonSchema;
    return pointRefsAtComponents(json);
  }
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
