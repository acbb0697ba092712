/**
 * Refusals of bodies judged against spec §7 rule 1 once per kind, however many bodies got it: 28
 * combinations refused with the same 422 are one deviation, not 28. A kind is (status, error code,
 * message pattern), the key the rejection groups use (lib/inference/rejection-groups.ts), so the
 * report's groups and this finding name the same refusals.
 */
import { messagePattern } from '../inference/message-pattern.js';
import { sentValues } from '../inference/mask-values.js';
import { count } from '../inference/words.js';
import { classifyAnswer } from '../answer/classify.js';
import type { Exchange } from '../http/types.js';
import { checkRefusalRule, ruleWords } from './error-rule.js';
import type { Judgement } from './judgement.js';
import { kindOf } from './refusal-kind.js';

interface Kind {
  status: number;
  errorCode: string | undefined;
  pattern: string | undefined;
  bodies: number;
  /** The least label of the bodies of this kind (not the first sent: the order of concurrent cases varies). */
  first: string;
  problems: string[] | undefined;
}

/** Kinds named in a finding, at most; the rest are counted. */
const NAMED_KINDS = 8;

export class DistinctRefusals {
  private readonly kinds = new Map<string, Kind>();

  constructor(private readonly fields: readonly string[]) {}

  /**
   * One body's answers (its repeats): each one the presence reading calls rejected is a refusal of that body
   * (a 429, or a 4xx the engine retried, is not). `label` names the body in the finding.
   */
  add(label: string, answers: readonly Exchange[]): void {
    for (const exchange of answers) {
      // The code and message as the presence reading has them (a framework's list of errors included), so
      // that the kinds here are the report's rejection groups.
      const answer = classifyAnswer(exchange);
      const status = exchange.status;
      if (answer.outcome !== 'rejected' || status === null) continue;
      const body = { code: answer.errorCode, message: answer.errorMessage };
      const pattern = body.message === undefined ? undefined : messagePattern(body.message, this.fields, sentValues(exchange.requestBody));
      const { key } = kindOf(status, body.code, pattern);
      const check = checkRefusalRule(exchange);
      const known = this.kinds.get(key);
      if (known === undefined) {
        this.kinds.set(key, {
          status,
          errorCode: body.code,
          pattern,
          bodies: 1,
          first: label,
          problems: check === undefined || check.holds ? undefined : check.problems,
        });
      } else {
        known.bodies += 1;
        // The cases run at once: the label shown is the least, not the first to finish, so a run reads the same each time.
        if (label < known.first) known.first = label;
        if (known.problems === undefined && check !== undefined && !check.holds) known.problems = check.problems;
      }
    }
  }

  /** The verdict over every kind seen: DEVIATES when a kind breaks rule 1, each named once with its count. */
  judge(what: string): Judgement {
    // Ties broken by the kind's own text, not by the order the concurrent cases finished in.
    const kinds = [...this.kinds.entries()]
      .sort(([ka, a], [kb, b]) => b.bodies - a.bodies || a.status - b.status || (ka < kb ? -1 : ka > kb ? 1 : 0))
      .map(([, kind]) => kind);
    const words = ruleWords();
    const { cite: specRef, expected } = words;
    if (kinds.length === 0)
      return {
        verdict: 'INFORMATIONAL',
        specRef,
        observed: `no ${what} was refused`,
        finding: `no ${what} was refused: nothing for ${specRef} to judge`,
      };
    const describe = (k: Kind): string =>
      `${k.status}${k.errorCode === undefined ? '' : ` ${k.errorCode}`}${k.pattern === undefined ? '' : ` "${k.pattern}"`} (${count(k.bodies, 'answer')}, e.g. ${k.first})`;
    const broken = kinds.filter((k) => k.problems !== undefined);
    const observed = `${count(kinds.length, 'kind')} of refusal: ${kinds.slice(0, NAMED_KINDS).map(describe).join('; ')}${kinds.length > NAMED_KINDS ? `; ${kinds.length - NAMED_KINDS} more` : ''}`;
    if (broken.length === 0)
      return {
        verdict: 'CONFORMS',
        specRef,
        expected,
        observed,
        finding: `every refusal of a ${what} held ${specRef} (${words.reading})`,
      };
    // Kinds that break the rule the same way (every 422: its status) share one sentence.
    const byProblem = new Map<string, Kind[]>();
    for (const k of broken.slice(0, NAMED_KINDS)) {
      const problem = (k.problems ?? []).join('; ');
      byProblem.set(problem, [...(byProblem.get(problem) ?? []), k]);
    }
    const more = broken.length > NAMED_KINDS ? `; ${broken.length - NAMED_KINDS} more` : '';
    return {
      verdict: 'DEVIATES',
      specRef,
      expected,
      observed,
      refusalKinds: broken.map((k) => kindOf(k.status, k.errorCode, k.pattern)),
      finding: `${count(broken.length, 'kind')} of refusal of a ${what} ${broken.length === 1 ? 'breaks' : 'break'} ${specRef}, judged once per kind (${words.reading}): ${[
        ...byProblem,
      ]
        .map(([problem, ks]) => `${problem}: ${ks.map(describe).join('; ')}`)
        .join('. ')}${more}`,
    };
  }
}
