import { describe, expect, test } from 'vitest';
import { readInput } from './read-input.js';
import { InputError } from '../errors.js';

const SENTINEL = 'tok-SENTINEL-77a1';

function problem(text: string): string {
  try {
    readInput(text, 'req.txt');
  } catch (error) {
    expect(error).toBeInstanceOf(InputError);
    return (error as Error).message;
  }
  throw new Error('expected an InputError');
}

describe('readInput', () => {
  test('a JSON object is a body', () => {
    expect(readInput('\uFEFF {"clientState": "a"}\n', 'b.json')).toEqual({ body: { clientState: 'a' }, source: 'json' });
  });

  test('a cURL command gives its body and the parse', () => {
    const input = readInput(
      `curl -X POST https://x.example/p \\\n  -H 'Authorization: Bearer ${SENTINEL}' \\\n  -d '{"resource": "/me/drive/root"}'`,
      'paste',
    );
    expect(input.source).toBe('curl');
    expect(input.body).toEqual({ resource: '/me/drive/root' });
    expect(JSON.stringify(input)).not.toContain(SENTINEL);
  });

  test('one line per problem, naming the input, quoting none of it', () => {
    expect(problem('hello there')).toBe('req.txt: not JSON and not a cURL command');
    expect(problem('')).toBe('req.txt: empty; give a JSON body or a cURL command');
    expect(problem('[1, 2]')).toBe('req.txt: the body is JSON but an array, not an object; explain works on the fields of a JSON object');
    expect(problem('{"a": ')).toMatch(/^req\.txt: the body is not valid JSON/);
    expect(problem(`curl -H 'Authorization: Bearer ${SENTINEL}' https://x.example/p`)).toBe(
      'req.txt: the cURL command sends no body (-d, --data, --data-raw, --data-binary or --json)',
    );
    const notJson = problem(`curl -d 'token=${SENTINEL}' https://x.example/p`);
    expect(notJson).toMatch(/^req\.txt: the cURL command's body is not valid JSON/);
    expect(notJson).not.toContain(SENTINEL);
    expect(problem(`curl -H 'Authorization: Bearer ${SENTINEL}`)).not.toContain(SENTINEL);
  });
});
