/**
 * The change to a body known or reported accepted, asked before the changes of one field when the refusal names
 * fields and the change covers them: its answers can make those changes of one field not worth a create.
 *
 * For a change T (two fields or more) that toggles every field the refusal names: each field of T toggled alone
 * (itself a change of one field, at the user's values), then T (the user's values elsewhere, T's fields known-good),
 * then each field of T put back alone into that body (T refused there, as a notification URL the target cannot reach
 * makes it: T and the fields put back with every value known-good instead). When the changes of T's fields alone are
 * all refused, T gets a 2xx and each field put back alone is refused again, a change of one field outside T keeps
 * every field of T as sent, and every field the refusal names: it is listed as not asked, with that evidence, never as
 * refused. Any other answer leaves every change of one field to be asked; the bodies asked here are the ones the
 * search asks first anyway (the prober remembers them), so a wrong guess costs at most T's own creates.
 */
import { toggle, type BodyConfig } from './body-config.js';
import type { Prober } from './prober.js';
import { singleConfig } from './singles.js';

export interface KnownFirstOptions {
  present: ReadonlySet<string>;
  /** The changes to known or predicted bodies, in the order the search asks them. */
  changes: readonly (readonly string[])[];
  /** The fields the request's refusal names. */
  named: readonly string[];
  /** The body of a known change: its toggled fields at known-good values, the user's values elsewhere. */
  at: (present: ReadonlySet<string>, toggles: readonly string[]) => BodyConfig;
  /**
   * The same body with every field at its known-good value: asked when the user's values elsewhere get no 2xx (a
   * notification URL the target cannot reach is a second cause, which the presence of T's fields says nothing of).
   */
  allGood?: (present: ReadonlySet<string>) => BodyConfig;
}

/**
 * `answered`: the changes of one field outside `toggles` need not be asked (`goodValues`: the evidence is of bodies with
 * every value known-good); `ask-all`: every one is asked (the budget too).
 */
export type KnownFirst = { kind: 'answered'; toggles: string[]; goodValues?: true } | { kind: 'ask-all' };

export async function askKnownFirst(prober: Prober, o: KnownFirstOptions): Promise<KnownFirst> {
  const change = o.changes.find((t) => t.length >= 2 && o.named.length > 0 && o.named.every((f) => t.includes(f)));
  if (change === undefined) return { kind: 'ask-all' };
  const toggles = [...o.named, ...change.filter((f) => !o.named.includes(f))];
  const refused = async (config: BodyConfig): Promise<boolean | undefined> => {
    const probe = await prober.probe(config);
    return probe === undefined ? undefined : probe.verdict === 'fails';
  };
  for (const field of toggles) {
    const kind = o.present.has(field) ? 'remove' : 'add';
    const alone = await refused(singleConfig(o.present, { kind, field }));
    if (alone !== true) return { kind: 'ask-all' };
  }
  const body = (present: ReadonlySet<string>): BodyConfig => o.at(present, toggles);
  const accepted = await prober.probe(body(toggle(o.present, toggles)));
  if (accepted?.verdict === 'holds') return (await putBack(prober, o, toggles, body)) ? { kind: 'answered', toggles } : { kind: 'ask-all' };
  const allGood = o.allGood;
  if (accepted?.verdict !== 'fails' || allGood === undefined) return { kind: 'ask-all' };
  // Refused with the user's values elsewhere: with every value known-good, T's presence alone is asked about.
  const good = await prober.probe(allGood(toggle(o.present, toggles)));
  if (good?.verdict !== 'holds') return { kind: 'ask-all' };
  return (await putBack(prober, o, toggles, allGood)) ? { kind: 'answered', toggles, goodValues: true } : { kind: 'ask-all' };
}

/** Each field of T put back alone into the accepted body is refused again. */
async function putBack(
  prober: Prober,
  o: KnownFirstOptions,
  toggles: readonly string[],
  body: (present: ReadonlySet<string>) => BodyConfig,
): Promise<boolean> {
  for (const field of toggles) {
    const back = await prober.probe(
      body(
        toggle(
          o.present,
          toggles.filter((f) => f !== field),
        ),
      ),
    );
    if (back?.verdict !== 'fails') return false;
  }
  return true;
}
