import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Runs the files of the named projects in name order (01-, 02-, ...): later suites use what the
 * presence matrix found earlier in the same worker, and on a slow target the matrix must not wait
 * behind the property suite. Every other project keeps vitest's own order (failed first, then
 * slowest first), so the tool's tests are scheduled as before.
 *
 * vitest 4.1 reads `sequence.sequencer` from the root config only (set inside a project it is
 * ignored), so this one class serves every project and picks by project name. Sharding keeps
 * vitest's split (by a hash of the path); within each shard the files still run in name order.
 */
export function nameOrderSequencer(projects: readonly string[], slowFirst: readonly string[] = []): typeof BaseSequencer {
  const named = new Set(projects);
  return class NameOrderSequencer extends BaseSequencer {
    override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
      return inNameOrder(slowestFirst(await super.sort(files), slowFirst), named);
    }
  };
}

/**
 * `files` with those whose path ends in one of `slowFirst` moved to the front, in that list's order;
 * the rest keep theirs. vitest sorts by the durations it cached on an earlier run, and a fresh clone has
 * none (it then sorts by file size): started first, the long files overlap the many short ones, and no
 * worker is left alone with a long file at the end.
 */
export function slowestFirst<T extends { moduleId: string }>(files: readonly T[], slowFirst: readonly string[]): T[] {
  const rank = (f: T): number => {
    const i = slowFirst.findIndex((path) => f.moduleId.endsWith(`/${path}`));
    return i < 0 ? slowFirst.length : i;
  };
  // Array.prototype.sort is stable: files of equal rank keep vitest's order.
  return [...files].sort((a, b) => rank(a) - rank(b));
}

/** `files` with the named projects' files in name order, each in a slot one of them held: the rest stay put. */
export function inNameOrder<T extends { moduleId: string; project: { name: string } }>(
  files: readonly T[],
  projects: ReadonlySet<string>,
): T[] {
  const slots: number[] = [];
  files.forEach((f, i) => {
    if (projects.has(f.project.name)) slots.push(i);
  });
  const ordered = slots.map((i) => files[i] as T).sort((a, b) => (a.moduleId < b.moduleId ? -1 : a.moduleId > b.moduleId ? 1 : 0));
  const out = [...files];
  slots.forEach((slot, k) => {
    out[slot] = ordered[k] as T;
  });
  return out;
}
