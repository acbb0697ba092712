import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { startReceiver } from './server.js';
import {
  MAX_SPELLINGS,
  readValidationSpelling,
  SpellingTally,
  validationSentence,
  writeValidationSpelling,
  type ValidationSpelling,
} from './validation-spelling.js';

const dir = mkdtempSync(join(tmpdir(), 'validation-spelling-'));
let files = 0;
const fileWith = (text: string): string => {
  const file = join(dir, `tally-${(files += 1)}.json`);
  writeFileSync(file, text);
  return file;
};

describe("the validation parameter's spelling over a run", () => {
  test.each<[ValidationSpelling, string]>([
    [
      { requests: 1, parameters: [{ name: 'validationtoken', requests: 1 }] },
      "the target sent 1 validation request to the run's receiver, with the token's query parameter spelled validationtoken",
    ],
    [
      { requests: 4, parameters: [{ name: 'validationToken', requests: 4 }] },
      "the target sent 4 validation requests to the run's receiver, with the token's query parameter spelled validationToken",
    ],
    [
      {
        requests: 3,
        parameters: [
          { name: 'validationtoken', requests: 2 },
          { name: 'validationToken', requests: 1 },
        ],
      },
      "the target sent 3 validation requests to the run's receiver, with the token's query parameter spelled validationtoken (2) and validationToken (1)",
    ],
    [
      { requests: 9, parameters: [{ name: 'VALIDATIONTOKEN', requests: 2 }], otherSpellings: 7 },
      "the target sent 9 validation requests to the run's receiver, with the token's query parameter spelled VALIDATIONTOKEN (2) and other spellings (7)",
    ],
  ])('%j: %s', (tally, sentence) => {
    expect(validationSentence(tally)).toBe(sentence);
  });

  test('the tally counts each spelling in order of arrival, and past the cap counts the rest apart', () => {
    const tally = new SpellingTally();
    expect(tally.read()).toBeUndefined();
    tally.add('validationtoken');
    tally.add('validationToken');
    tally.add('validationtoken');
    expect(tally.read()).toEqual({
      requests: 3,
      parameters: [
        { name: 'validationtoken', requests: 2 },
        { name: 'validationToken', requests: 1 },
      ],
    });
    const many = new SpellingTally();
    const spellings = Array.from(
      { length: MAX_SPELLINGS + 3 },
      (_, i) => `validationtoken`.slice(0, i % 15) + 'validationtoken'.slice(i % 15).toUpperCase(),
    );
    for (const s of spellings) many.add(s);
    expect(many.read()?.parameters).toHaveLength(MAX_SPELLINGS);
    expect(many.read()?.otherSpellings).toBe(3);
  });

  test('written and read back; a file that is not a tally reads as none, never throws', () => {
    const tally: ValidationSpelling = { requests: 2, parameters: [{ name: 'validationToken', requests: 2 }] };
    const file = join(dir, 'written.json');
    writeValidationSpelling(file, tally);
    expect(readValidationSpelling(file)).toEqual(tally);
    writeValidationSpelling(join(dir, 'none.json'), undefined);
    expect(readValidationSpelling(join(dir, 'none.json'))).toBeUndefined();
    expect(readValidationSpelling(undefined)).toBeUndefined();
    expect(() => writeValidationSpelling(join(dir, 'no-such-dir', 'x.json'), tally)).not.toThrow();
    expect(readValidationSpelling(fileWith('{"requests":2,"parameters":[{"name":"<script>","requests":2}]}'))).toBeUndefined();
    expect(readValidationSpelling(fileWith('{"requests":0,"parameters":[{"name":"validationtoken","requests":0}]}'))).toBeUndefined();
    expect(readValidationSpelling(fileWith('not json'))).toBeUndefined();
    expect(readValidationSpelling(fileWith(`{"requests":1,"parameters":[],"pad":"${'x'.repeat(20_000)}"}`))).toBeUndefined();
  });

  test('the receiver tallies every validation request, past what it keeps and after it is cleared', async () => {
    const receiver = await startReceiver({ maxKept: 1 });
    try {
      for (const name of ['validationtoken', 'validationToken', 'validationtoken']) {
        const answer = await fetch(`${receiver.localUrl}/notifications?${name}=abc`, {
          method: 'POST',
          signal: AbortSignal.timeout(5_000),
        });
        expect(answer.status).toBe(200);
        await answer.text();
      }
      receiver.clear();
      expect(receiver.handshakes()).toEqual([]);
      expect(receiver.validationSpelling()).toEqual({
        requests: 3,
        parameters: [
          { name: 'validationtoken', requests: 2 },
          { name: 'validationToken', requests: 1 },
        ],
      });
    } finally {
      await receiver.close();
    }
  });
});
