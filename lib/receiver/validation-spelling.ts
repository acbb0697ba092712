/**
 * How the target spelled the validation token's query parameter, over a whole run: SharePoint sends
 * `validationtoken`, Graph `validationToken`. The run's receiver tallies every validation request as it arrives
 * (what it keeps of each is capped and can be cleared; the tally is neither), the run environment's end writes the
 * tally to the run's file, and the run reads it back into the report (`run.validation`), which every output reads.
 */
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { isObject } from '../json.js';

/** Spellings counted apart, at most: a target that sends more is counted under `otherSpellings`. */
export const MAX_SPELLINGS = 8;
/** The file is a few hundred bytes; anything larger is not the tally. */
const MAX_FILE_BYTES = 16_384;
/** Every spelling the receiver takes for the parameter: `validationtoken` in any letter case. */
const SPELLING = /^validationtoken$/i;

export interface ValidationSpelling {
  /** Validation requests the receiver got from the target during the run. */
  requests: number;
  /** Each spelling of the parameter and how many requests used it, in order of first arrival. */
  parameters: { name: string; requests: number }[];
  /** Requests that used a spelling past the first MAX_SPELLINGS; absent when none did. */
  otherSpellings?: number;
}

/** A running tally; `add` is called for each validation request as it arrives. */
export class SpellingTally {
  #requests = 0;
  #other = 0;
  readonly #counts = new Map<string, number>();

  add(parameter: string): void {
    this.#requests += 1;
    const seen = this.#counts.get(parameter);
    if (seen !== undefined) this.#counts.set(parameter, seen + 1);
    else if (this.#counts.size < MAX_SPELLINGS) this.#counts.set(parameter, 1);
    else this.#other += 1;
  }

  /** The tally so far; undefined when no validation request came. */
  read(): ValidationSpelling | undefined {
    if (this.#requests === 0) return undefined;
    return {
      requests: this.#requests,
      parameters: [...this.#counts].map(([name, requests]) => ({ name, requests })),
      ...(this.#other > 0 ? { otherSpellings: this.#other } : {}),
    };
  }
}

/**
 * Writes the tally for the run (nothing when no validation request came). Never throws: it runs in a teardown whose
 * other steps (closing the receiver and the reference) must still happen; a tally not written is not in the report.
 */
export function writeValidationSpelling(file: string, tally: ValidationSpelling | undefined): void {
  if (tally === undefined) return;
  try {
    writeFileSync(file, JSON.stringify(tally), { mode: 0o600 });
  } catch {
    // The report then says nothing of the spelling, as for a run whose target sent no validation request.
  }
}

/**
 * The tally in one sentence: "the target sent 3 validation requests to the run's receiver, with the token's query
 * parameter spelled validationtoken"; several spellings each with their count.
 */
export function validationSentence(v: ValidationSpelling): string {
  const requests = `${v.requests} validation request${v.requests === 1 ? '' : 's'}`;
  const one = v.parameters.length === 1 && v.otherSpellings === undefined;
  const named = v.parameters.map((p) => (one ? p.name : `${p.name} (${p.requests})`));
  const other = v.otherSpellings === undefined ? [] : [`other spellings (${v.otherSpellings})`];
  const all = [...named, ...other];
  const spelled = all.length === 1 ? all.join('') : `${all.slice(0, -1).join(', ')} and ${all.at(-1) ?? ''}`;
  return `the target sent ${requests} to the run's receiver, with the token's query parameter spelled ${spelled}`;
}

/** The tally a teardown wrote; undefined when there is none, or the file is not one (never throws). */
export function readValidationSpelling(file: string | undefined): ValidationSpelling | undefined {
  if (file === undefined) return undefined;
  try {
    if (statSync(file).size > MAX_FILE_BYTES) return undefined;
    return asSpelling(JSON.parse(readFileSync(file, 'utf8')));
  } catch {
    return undefined;
  }
}

const count = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

function asSpelling(v: unknown): ValidationSpelling | undefined {
  if (!isObject(v) || !count(v['requests']) || v['requests'] === 0 || !Array.isArray(v['parameters'])) return undefined;
  const parameters = v['parameters'].flatMap((p: unknown) =>
    isObject(p) && typeof p['name'] === 'string' && SPELLING.test(p['name']) && count(p['requests'])
      ? [{ name: p['name'], requests: p['requests'] }]
      : [],
  );
  if (parameters.length === 0 || parameters.length > MAX_SPELLINGS) return undefined;
  const other = v['otherSpellings'];
  return { requests: v['requests'], parameters, ...(count(other) && other > 0 ? { otherSpellings: other } : {}) };
}
