import { describe, expect, test } from 'vitest';
import { describeTraffic } from './describe-traffic.js';
import { inferFromTraffic } from './infer-traffic.js';

const OPERATION = { method: 'POST', path: '/things', fields: ['a', 'b', 'c'] };

/** A request another tool or a browser recorded: no custom fields. */
function entry(body: object | string, status: number, at = '2026-11-20T10:00:00.000Z', code = 'invalidRequest'): object {
  return {
    startedDateTime: at,
    time: 10,
    request: { method: 'POST', url: 'https://api.example/v1/things', headers: [{ name: 'Authorization', value: 'Bearer secret' }], postData: { mimeType: 'application/json', text: typeof body === 'string' ? body : JSON.stringify(body) } },
    response: {
      status,
      headers: [{ name: 'Content-Type', value: 'application/json' }],
      content: { size: 0, mimeType: 'application/json', text: status < 300 ? '{"id":"1"}' : JSON.stringify({ error: { code, message: 'bad' } }) },
    },
  };
}

describe('inferFromTraffic on traffic another tool recorded', () => {
  test('every combination answered: the rule and roles, the time span, nothing left open', () => {
    // The target: a is required, c is forbidden.
    const rule = (p: { a?: 1; b?: 1; c?: 1 }): number => (p.a !== undefined && p.c === undefined ? 201 : 400);
    const bodies = [{}, { a: 1 }, { b: 1 }, { a: 1, b: 1 }, { c: 1 }, { a: 1, c: 1 }, { b: 1, c: 1 }, { a: 1, b: 1, c: 1 }] as const;
    const entries = bodies.map((b, i) => entry(b, rule(b), `2026-11-20T10:00:0${i}.000Z`));
    entries.push({ request: { method: 'GET', url: 'https://api.example/v1/things' }, response: { status: 200 } });

    const result = inferFromTraffic(entries, OPERATION);

    expect(result.inference.rule.expression).toBe('a && !c');
    expect(result.inference.roles?.a?.presence).toBe('required');
    expect(result.inference.roles?.c?.presence).toBe('forbidden');
    expect(result.inference.roles?.b?.presence).toBe('optional');
    expect(result.source).toMatchObject({ entries: 9, used: 8, selection: 'all-requests', from: '2026-11-20T10:00:00.000Z', to: '2026-11-20T10:00:07.000Z' });
    const lines = describeTraffic(result, 'traffic.har', OPERATION);
    expect(lines[0]).toBe('traffic: traffic.har: inferred from recorded traffic, nothing sent: 8 of its 9 entries used (POST /things, every request to the operation), from 2026-11-20T10:00:00.000Z to 2026-11-20T10:00:07.000Z');
    expect(lines).toContain('not concluded: nothing; every combination of fields has an answer');
    expect(lines.join('\n')).not.toContain('secret');
  });

  test('partial traffic: says what it could not conclude; repeats that disagree are unstable; unknown fields are named', () => {
    const entries = [
      entry({ a: 1 }, 201),
      entry({ a: 1, b: 1 }, 201),
      entry({ b: 1 }, 400),
      entry({ b: 1 }, 201), // the same combination answered otherwise
      entry({ a: 1, zz: 1 }, 400), // a field the description does not know
      entry('not json', 400),
      entry({ a: 1, b: 1, c: 1 }, 400),
    ];
    // One 4xx answer that is not the §7 error object.
    (entries[6] as { response: { content: { text: string } } }).response.content.text = 'Bad Request';

    const result = inferFromTraffic(entries, OPERATION);
    const lines = describeTraffic(result, 'partial.har', OPERATION);

    expect(result.observations.find((o) => o.present.join() === 'b')?.outcome).toBe('unstable');
    expect(result.answered).toBe(3);
    expect(result.errorBodies).toMatchObject({ checked: 2, valid: 1 });
    expect(lines).toContainEqual(expect.stringMatching(/^error bodies: 1 of 2 4xx answers are the spec's §7 error object; e\.g\. the 400 at .*: body is not JSON/));
    expect(lines).toContain('traffic: fields the operation description does not know: zz (1 request(s))');
    expect(lines).toContain('traffic: left out 1 request(s) with a field the operation description does not know');
    expect(lines).toContain('traffic: left out 1 request(s) with no JSON object body');
    expect(lines).toContainEqual(expect.stringMatching(/^not concluded: 5 of 8 combinations have no usable answer, e\.g\. /));
    expect(lines).toContain('not concluded: 1 combination(s) were answered differently when repeated (unstable, not evidence): {b}');
    expect(lines).toContainEqual(expect.stringMatching(/^not concluded: the role of .*c.*; sending the combinations above would settle it$/));
  });
});
