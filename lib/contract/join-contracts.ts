/**
 * A campaign's one observed contract: the observed-openapi documents its runs wrote, one per operation, joined into
 * one OpenAPI 3.1 document. Each operation keeps its own path and method (a path a producer's instance filled goes
 * back to the document's template), components named alike and equal are shared, and a component of one run that
 * differs from another's of the same name is renamed `<operationId>_<name>` with every `$ref` of that run to it.
 * Each run's top-level security goes onto its operations, so a renamed scheme stays with the operations that use it.
 * Pure: the caller reads the runs' files and validates the result.
 */
import { isObject, type Json } from '../json.js';

/** One run's observed contract, with the operation it probed as the campaign's document names it. */
export interface ContractPart {
  id: string;
  method: string;
  /** The path template of the campaign's document (`/items/{item-id}/children`). */
  path: string;
  document: Json;
}

export interface JoinedContract {
  document: Json;
  /** An operation of a run left out, with why: another run's operation already holds its path and method. */
  notJoined: string[];
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);
/** Component names OpenAPI allows: `^[a-zA-Z0-9._-]+$`. */
const componentName = (id: string, name: string): string => `${id.replace(/[^A-Za-z0-9._-]/g, '_')}_${name}`;

/** Every `$ref` in `node` that names a renamed component, named anew; scheme names of security requirements too. */
function renamed(node: unknown, refs: ReadonlyMap<string, string>): unknown {
  if (Array.isArray(node)) return node.map((item) => renamed(item, refs));
  if (!isObject(node)) return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === '$ref' && typeof value === 'string') {
      const hit = [...refs].find(([from]) => value === from || value.startsWith(`${from}/`));
      out[key] = hit === undefined ? value : `${hit[1]}${value.slice(hit[0].length)}`;
    } else out[key] = renamed(value, refs);
  }
  return out;
}

/** A security requirement list with renamed schemes. */
function renamedSecurity(security: unknown, schemes: ReadonlyMap<string, string>): unknown {
  if (!Array.isArray(security)) return security;
  return security.map((req) =>
    isObject(req) ? Object.fromEntries(Object.entries(req).map(([name, scopes]) => [schemes.get(name) ?? name, scopes])) : req,
  );
}

/**
 * The run's components added to `into`: equal ones shared, new ones added, differing ones renamed. Equal is judged
 * with the run's renames applied, until no more are needed (one that refers to a renamed one differs too). Gives
 * each renamed component's old and new `$ref`, and the renamed security schemes by name.
 */
function mergeComponents(into: Json, part: ContractPart): { refs: Map<string, string>; schemes: Map<string, string> } {
  const refs = new Map<string, string>();
  const schemes = new Map<string, string>();
  const components = isObject(part.document.components) ? part.document.components : {};
  const entries = Object.entries(components).flatMap(([kind, named]) =>
    isObject(named) ? Object.entries(named).map(([name, value]) => ({ kind, name, value })) : [],
  );
  const differs = (e: (typeof entries)[number]): boolean => {
    const have = into[e.kind];
    return isObject(have) && have[e.name] !== undefined && !same(have[e.name], renamed(e.value, refs));
  };
  // Each round renames at least one more component, or ends: at most one round per component.
  for (let round = 0; round <= entries.length; round++) {
    const more = entries.filter((e) => !refs.has(`#/components/${e.kind}/${e.name}`) && differs(e));
    if (more.length === 0) break;
    for (const e of more) {
      const fresh = componentName(part.id, e.name);
      refs.set(`#/components/${e.kind}/${e.name}`, `#/components/${e.kind}/${fresh}`);
      if (e.kind === 'securitySchemes') schemes.set(e.name, fresh);
    }
  }
  for (const e of entries) {
    const have: Json = isObject(into[e.kind]) ? (into[e.kind] as Json) : {};
    into[e.kind] = have;
    const name = refs.get(`#/components/${e.kind}/${e.name}`)?.split('/')[3] ?? e.name;
    have[name] ??= renamed(e.value, refs);
  }
  return { refs, schemes };
}

/** `{name}` parameters of a path template. */
const templateParams = (path: string): string[] => [...path.matchAll(/\{([^}/]+)\}/g)].map((m) => m[1] ?? '');

/** A path item under the template, declaring each path parameter its operations do not (OpenAPI requires each). */
function declareParams(item: Json, path: string): Json {
  const declared = new Set<string>();
  const collect = (list: unknown): void => {
    if (Array.isArray(list)) for (const p of list) if (isObject(p) && p.in === 'path' && typeof p.name === 'string') declared.add(p.name);
  };
  collect(item.parameters);
  for (const m of METHODS) if (isObject(item[m])) collect((item[m] as Json).parameters);
  const missing = templateParams(path).filter((name) => !declared.has(name));
  if (missing.length === 0) return item;
  const added = missing.map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } }));
  return { ...item, parameters: [...(Array.isArray(item.parameters) ? item.parameters : []), ...added] };
}

/** The run's path key under the document's template: the probed operation's own path, and the paths under it. */
function rekey(key: string, probed: string | undefined, template: string): string {
  if (probed === undefined || probed === template) return key;
  if (key === probed) return template;
  return key.startsWith(`${probed}/`) ? `${template}${key.slice(probed.length)}` : key;
}

/** The path the run's document holds its probed operation under (a producer's instance may have filled it). */
function probedPath(part: ContractPart): string | undefined {
  const paths = isObject(part.document.paths) ? part.document.paths : {};
  return Object.entries(paths).find(
    ([, item]) =>
      isObject(item) && isObject(item[part.method.toLowerCase()]) && (item[part.method.toLowerCase()] as Json).operationId === part.id,
  )?.[0];
}

/** The run's operations added to `paths`, each with the run's security; one whose place is taken is said. */
function mergePaths(paths: Json, part: ContractPart, names: ReturnType<typeof mergeComponents>, notJoined: string[]): void {
  const runPaths = isObject(part.document.paths) ? part.document.paths : {};
  const probed = probedPath(part);
  const security = renamedSecurity(part.document.security, names.schemes);
  for (const [key, rawItem] of Object.entries(runPaths)) {
    if (!isObject(rawItem)) continue;
    const path = rekey(key, probed, part.path);
    const item = renamed(rawItem, names.refs) as Json;
    const have = isObject(paths[path]) ? paths[path] : {};
    for (const [field, value] of Object.entries(item)) {
      if (!METHODS.includes(field) || !isObject(value)) {
        if (!(field in have)) have[field] = value;
        continue;
      }
      const operation: Json =
        value.security === undefined && security !== undefined
          ? { ...value, security }
          : { ...value, security: renamedSecurity(value.security, names.schemes) };
      if (have[field] === undefined) have[field] = operation;
      else if (!same(have[field], operation))
        notJoined.push(
          `${String(value.operationId ?? part.id)} (${field.toUpperCase()} ${path}): another operation's run already holds that path and method`,
        );
    }
    paths[path] = path === key ? have : declareParams(have, path);
  }
}

/** Servers of every run, each url once. */
function servers(parts: readonly ContractPart[]): Json[] {
  const seen = new Map<string, Json>();
  for (const part of parts)
    for (const s of Array.isArray(part.document.servers) ? part.document.servers : [])
      if (isObject(s) && typeof s.url === 'string' && !seen.has(s.url)) seen.set(s.url, s);
  return [...seen.values()];
}

/**
 * The runs' documents joined. `label` names the campaign's document; `absent` lists the operations of it that are
 * not in the result (skipped, stopped, not run), each with why, for the info.
 */
export function joinObservedContracts(label: string, parts: readonly ContractPart[], absent: readonly string[]): JoinedContract {
  const components: Json = {};
  const paths: Json = {};
  const notJoined: string[] = [];
  const runs: Json = {};
  for (const part of parts) {
    const names = mergeComponents(components, part);
    mergePaths(paths, part, names, notJoined);
    const info = isObject(part.document.info) ? part.document.info : {};
    if (info['x-observed'] !== undefined) runs[part.id] = info['x-observed'];
  }
  const covered = parts.map((p) => `${p.id} (${p.method} ${p.path})`);
  const document: Json = {
    openapi: '3.1.0',
    info: {
      title: `${label}: the observed contract of a campaign`,
      version: '0.1.0',
      description:
        `What the target accepted and how it answered, operation by operation, as the campaign's runs found by probing ` +
        `(subscription-conformance): the observed contracts of ${covered.join(', ')}, joined. ` +
        (absent.length > 0 ? `Not in it: ${absent.join('; ')}.` : 'Every operation of the campaign is in it.'),
      'x-observed': { document: label, operations: parts.map((p) => p.id), runs, ...(notJoined.length > 0 ? { notJoined } : {}) },
    },
    servers: servers(parts),
    components,
    paths,
  };
  return { document, notJoined };
}
