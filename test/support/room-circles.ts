/**
 * Circles between lib's rooms, as the structure drawing counts them: each folder of lib and each top-level file is
 * one room, and a room imports another when any of its product modules imports one of the other's. A circle is a
 * set of two rooms or more that reach each other (Tarjan's strongly connected components), each named in order.
 */

/** What a cruise gives of each module: its path and the paths it imports. */
export interface CruisedModule {
  source: string;
  dependencies: readonly { resolved: string }[];
}

const TEST = /(^test\/)|(\.test\.ts$)/;
const roomOf = (path: string): string | undefined => (TEST.test(path) ? undefined : /^lib\/[^/]+/.exec(path)?.[0]);

export function roomCircles(modules: readonly CruisedModule[]): string[][] {
  const edges = new Map<string, Set<string>>();
  for (const module of modules) {
    const from = roomOf(module.source);
    if (from === undefined) continue;
    const out = edges.get(from) ?? new Set<string>();
    edges.set(from, out);
    for (const { resolved } of module.dependencies) {
      const to = roomOf(resolved);
      if (to !== undefined && to !== from) out.add(to);
    }
  }
  // Tarjan, iterative enough for a few dozen rooms: recursion depth is at most the number of rooms.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (room: string): void => {
    index.set(room, index.size);
    low.set(room, index.get(room)!);
    stack.push(room);
    onStack.add(room);
    for (const next of edges.get(room) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(room, Math.min(low.get(room)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(room, Math.min(low.get(room)!, index.get(next)!));
    }
    if (low.get(room) !== index.get(room)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== room);
    if (component.length > 1) circles.push(component.sort());
  };
  for (const room of [...edges.keys()].sort()) if (!index.has(room)) visit(room);
  return circles;
}
