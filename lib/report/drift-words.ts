/** Drift in words, shared by the console, Markdown and HTML so that all three say the same. */
import type { NotComparedCount, ReportDrift } from './types.js';

/** "32 combinations, 51 value classes, 2 limits, the rule and roles". */
export function comparedText(drift: Pick<ReportDrift, 'compared'>): string {
  const { combinations, valueClasses, limits, ruleAndRoles } = drift.compared;
  const parts = [count(combinations, 'combination'), count(valueClasses, 'value class', 'value classes'), count(limits, 'limit')];
  if (ruleAndRoles) parts.push('the rule and roles');
  const facts = drift.compared.lifecycleFacts;
  if (facts !== undefined) parts.push(count(facts, 'lifecycle fact'));
  return parts.join(', ');
}

const PART_WORDS: Record<NotComparedCount['part'], [string, string]> = {
  matrix: ['combination', 'combinations'],
  values: ['value class', 'value classes'],
  limits: ['limit', 'limits'],
  roles: ['role', 'roles'],
  lifecycle: ['lifecycle fact', 'lifecycle facts'],
};

const REASON_WORDS: Record<NotComparedCount['reason'], string> = {
  unstable: 'unstable',
  'no-verdict': 'without a verdict',
  'only-in-baseline': 'only in the baseline',
  'only-in-run': 'only in this run',
  undetermined: 'undetermined (unknown combinations leave it open)',
};

/** "25 value classes only in this run; the rule and roles (…)", or undefined when everything was compared. */
export function notComparedText(drift: Pick<ReportDrift, 'notCompared' | 'ruleNotCompared'>): string | undefined {
  const parts = drift.notCompared.map((s) => {
    const [one, many] = PART_WORDS[s.part];
    // A limit is undetermined for another reason than a role: its search stopped short.
    const why = s.part === 'limits' && s.reason === 'undetermined' ? 'undetermined (the search stopped short)' : REASON_WORDS[s.reason];
    return `${count(s.count, one, many)} ${why}`;
  });
  if (drift.ruleNotCompared !== undefined) parts.push(`the rule and roles (${drift.ruleNotCompared})`);
  return parts.length === 0 ? undefined : parts.join('; ');
}

function count(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}
