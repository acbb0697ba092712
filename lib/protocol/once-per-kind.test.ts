import { describe, expect, test } from 'vitest';
import { oncePerKind, RefusalOwners, type KindJudged } from './once-per-kind.js';
import { kindOf } from './refusal-kind.js';

const k422 = kindOf(422, undefined, 'Field required: <field>');
const k400 = kindOf(400, 'BadRequest', 'Body must be an object');
const deviates = (id: string, ...kinds: ReturnType<typeof kindOf>[]): KindJudged => ({
  id,
  verdict: 'DEVIATES',
  finding: `${id} broke it`,
  refusalKinds: kinds,
});

describe('one finding per kind of refusal', () => {
  test('the first case to judge a kind DEVIATES; a later one meeting only that kind records whose it is', () => {
    const [first, second] = oncePerKind([deviates('matrix/refusals', k422), deviates('protocol/spec-7.1/empty-body', k422)]);
    expect(first).toEqual(deviates('matrix/refusals', k422));
    expect(second).toMatchObject({ verdict: 'INFORMATIONAL', sameKindAs: ['matrix/refusals'] });
    expect(second?.finding).toBe(
      'the same kind of refusal as matrix/refusals, which DEVIATES for it once for the run (422 "Field required: <field>"): protocol/spec-7.1/empty-body broke it',
    );
  });

  test('a case with a kind of its own still DEVIATES, for that kind only', () => {
    const [, second] = oncePerKind([deviates('a', k422), deviates('b', k422, k400)]);
    expect(second).toMatchObject({ verdict: 'DEVIATES', refusalKinds: [k400] });
    expect(second?.finding).toContain('(of its kinds, 422 "Field required: <field>" is judged in a)');
  });

  test('judged again (a merge of shards), the same records come out: each shard judged its own already', () => {
    const once = oncePerKind([deviates('a', k422), deviates('b', k422, k400), deviates('c', k400)]);
    expect(oncePerKind(once)).toEqual(once);
    const kinds = once.filter((r) => r.verdict === 'DEVIATES').flatMap((r) => (r.refusalKinds ?? []).map((k) => k.key));
    expect(new Set(kinds).size).toBe(kinds.length);
  });

  test('a DEVIATES for another reason, or any other verdict, is left as it is', () => {
    const owners = new RefusalOwners();
    const other = { id: 'x', verdict: 'DEVIATES', finding: 'a 500' };
    expect(owners.judge(other)).toBe(other);
    const conforms = { id: 'y', verdict: 'CONFORMS', refusalKinds: [k422] };
    expect(owners.judge(conforms)).toBe(conforms);
  });
});
