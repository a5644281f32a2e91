/**
 * A canonical, JSON-able description of a schema's shape (field names, types, optionality, literal values and
 * refinements), so a committed snapshot per protocol version can catch any payload change made without a version
 * bump. Written here because valibot has no schema-to-description export (its JSON-schema converter is a separate
 * package, and a JSON schema would also carry descriptions that are not shape).
 */
import type * as v from 'valibot';

/** The canonical shape of a schema node. */
export type Shape = string | number | boolean | null | Shape[] | { [key: string]: Shape };

interface Node {
  type: string;
  entries?: Record<string, Node>;
  item?: Node;
  items?: Node[];
  key?: Node | string;
  value?: Node;
  options?: (Node | string | number)[];
  wrapped?: Node;
  literal?: unknown;
  pipe?: { kind: string; type: string; requirement?: unknown }[];
}

function refinements(node: Node): Shape[] {
  return (node.pipe ?? [])
    .slice(1)
    .map((a) =>
      a.requirement === undefined || typeof a.requirement === 'function'
        ? a.type
        : { [a.type]: String(a.requirement) },
    );
}

function core(node: Node): Shape {
  switch (node.type) {
    case 'string':
    case 'number':
    case 'boolean':
      return node.type;
    case 'literal':
      return { literal: JSON.stringify(node.literal) };
    case 'picklist':
      return { picklist: (node.options ?? []).map((o) => JSON.stringify(o)) };
    case 'optional':
    case 'nullable':
      return { [node.type]: shapeOf(node.wrapped as Node) };
    case 'array':
      return { array: shapeOf(node.item as Node) };
    case 'tuple':
      return { tuple: (node.items ?? []).map(shapeOf) };
    case 'record':
      return { record: [shapeOf(node.key as Node), shapeOf(node.value as Node)] };
    case 'union':
      return { union: (node.options as Node[]).map(shapeOf) };
    case 'variant':
      return { variant: String(node.key), options: (node.options as Node[]).map(shapeOf) };
    case 'object':
    case 'strict_object':
    case 'loose_object': {
      const entries = Object.entries(node.entries ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      return { [node.type]: Object.fromEntries(entries.map(([k, e]) => [k, shapeOf(e)])) };
    }
    default:
      // A schema kind this walker does not know must not fingerprint as nothing.
      throw new Error(`shapeOf: unsupported schema type "${node.type}"`);
  }
}

/** The canonical shape of `schema`. @throws {Error} for a schema kind it cannot describe. */
export function shapeOf(schema: v.GenericSchema | Node): Shape {
  const node = schema as Node;
  const shape = core(node);
  const refined = refinements(node);
  return refined.length === 0 ? shape : { refined: shape, by: refined };
}
