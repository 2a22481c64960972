/**
 * Wire names <-> logical names at the server boundary (contract section 3). The table is the
 * identity by default; a deployment fills config/wire-names.json to obfuscate. Incoming keys are
 * renamed wire -> logical before validation, outgoing keys logical -> wire after the handler.
 */
import type { WireNames } from './config';

export interface WireMapper {
  path(key: string, logicalPath: string): string;
  toLogical(value: unknown): unknown;
  toWire(value: unknown): unknown;
}

function renameKeys(value: unknown, map: ReadonlyMap<string, string>, depth = 0): unknown {
  // Depth cap: payloads are shallow; a hostile deep document must not blow the stack.
  if (depth > 64 || map.size === 0) return value;
  if (Array.isArray(value)) return value.map((v) => renameKeys(v, map, depth + 1));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      const name = map.get(k) ?? k;
      // Own data property even for "__proto__": never touches a prototype.
      Object.defineProperty(out, name, {
        value: renameKeys(v, map, depth + 1),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return out;
  }
  return value;
}

export function createWireMapper(names: WireNames): WireMapper {
  const toWire = new Map(Object.entries(names.fields));
  const toLogical = new Map(Object.entries(names.fields).map(([logical, wire]) => [wire, logical]));
  return {
    path: (key, logicalPath) => names.paths[key] ?? names.paths[logicalPath] ?? logicalPath,
    toLogical: (v) => renameKeys(v, toLogical),
    toWire: (v) => renameKeys(v, toWire),
  };
}
