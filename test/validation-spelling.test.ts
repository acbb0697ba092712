/**
 * Every run's summary says how the target spelled the validation parameter, whenever it sent a validation request:
 * a run of the spec suite alone (no handshake case in it) against the embedded reference, whose profile names the
 * parameter it sends. The console line and the Markdown read the report's one fact (`run.validation`).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { PROFILES } from '../reference/index.js';
import { runProbe } from './run-probe.js';

const TOKEN = 'validation-spelling-token';

describe("the validation parameter's spelling in every run's summary", () => {
  test.each(['default', 'graph-like'])(
    'profile %s: the spelling its handshake sends, on the console and in the Markdown, from a run without the handshake cases',
    async (profile) => {
      const spelled = PROFILES[profile]?.validationHandshake.tokenParameter ?? '';
      const run = await runProbe({ ACCESS_TOKEN: TOKEN, REFERENCE_PROFILE: profile }, ['01-spec'], 120_000);
      expect(run.stdout).not.toMatch(/events\/handshake-/);
      const line = new RegExp(
        `  handshake: the target sent \\d+ validation requests? to the run's receiver, with the token's query parameter spelled ${spelled}\\n`,
      );
      expect(run.stdout).toMatch(line);
      const report = JSON.parse(readFileSync(join(run.reportDir, 'behaviour-report.json'), 'utf8')) as {
        run: { validation?: { requests: number; parameters: { name: string }[] } };
      };
      expect(report.run.validation?.parameters.map((p) => p.name)).toEqual([spelled]);
      expect(readFileSync(join(run.reportDir, 'behaviour-report.md'), 'utf8')).toContain(
        `**Validation** the target sent ${report.run.validation?.requests ?? 0} validation request`,
      );
    },
    150_000,
  );
});
