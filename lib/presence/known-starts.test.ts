import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { shippedOperation } from '../operation/shipped.js';
import { explorePresence } from './explore.js';
import { judgeExploration } from './judge-exploration.js';
import { harAccepted, knownStarts } from './known-starts.js';
import { RuleSender, syntheticOperation } from '../../test/support/rule-sender.js';

const graph = shippedOperation('operations/graph-subscription-v1.json');
const values = () => ({ now: new Date(0), notificationUrl: 'https://r.example/n', unique: 'u' });
const dir = mkdtempSync(join(tmpdir(), 'known-starts-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A HAR of the given creates, each with its status. */
function har(creates: { body: unknown; status: number }[]): string {
  const path = join(dir, `h${Math.random().toString(36).slice(2)}.har`);
  const entries = creates.map(({ body, status }) => ({
    startedDateTime: '2026-01-01T00:00:00Z',
    request: { method: 'POST', url: `https://graph.example/v1.0${graph.path}`, postData: { text: JSON.stringify(body) } },
    response: { status, content: { text: status < 300 ? '{"id":"1"}' : '{"error":{"code":"invalidRequest"}}' } },
  }));
  writeFileSync(path, JSON.stringify({ log: { entries } }));
  return path;
}

describe('knownStarts', () => {
  test('likeliest first: ACCEPTED_BODY, ACCEPTED_FIELDS, the description, the baseline, the HAR; the same fields asked once', () => {
    const starts = knownStarts(graph, {
      acceptedBody: { notificationUrl: 'u', resource: 'r', changeType: 'updated' },
      acceptedFields: ['notificationUrl', 'expirationDateTime'],
      baseline: { label: 'b.json', accepted: [['changeType', 'notificationUrl', 'resource', 'expirationDateTime', 'clientState']] },
      har: {
        label: 'h.har',
        accepted: [
          ['notificationUrl', 'expirationDateTime'],
          ['changeType', 'notificationUrl', 'resource'],
        ],
      },
    });

    expect(starts.map((s) => [s.source, s.fields.length])).toEqual([
      ['ACCEPTED_BODY', 3],
      ['ACCEPTED_FIELDS', 2],
      ["the description's reportedAccepted", 4],
      ['an accepted combination of the baseline b.json', 5],
    ]);
    // Fields in the operation's order, whatever order they were given in.
    expect(starts[0]?.fields).toEqual(['changeType', 'notificationUrl', 'resource']);
  });

  test("a HAR's creates answered 2xx are starts; a file that is not a HAR is one line, never a throw", () => {
    const path = har([
      { body: { changeType: 'updated', notificationUrl: 'u', resource: 'r', expirationDateTime: 'e', clientState: 's' }, status: 201 },
      { body: { changeType: 'updated' }, status: 400 },
    ]);
    expect(harAccepted(path, 'h.har', graph)).toEqual({
      accepted: [['changeType', 'notificationUrl', 'resource', 'expirationDateTime', 'clientState']],
    });
    const broken = join(dir, 'broken.har');
    writeFileSync(broken, '{"log": 1}');
    expect(harAccepted(broken, 'broken.har', graph)).toEqual({
      accepted: [],
      problem: 'broken.har: JSON but not a HAR (no log.entries); export the network log as HAR',
    });
  });
});

describe("an island two changes from the description's reportedAccepted (Graph, 12 fields)", () => {
  // The reported body has changeType, which this target refuses, and lacks clientState, which it requires; a
  // read-only notificationUrlAppId keeps every change of one field from the full body out as well.
  const rule =
    'notificationUrl && resource && expirationDateTime && clientState && !changeType && !notificationUrlAppId && ' +
    '(!includeResourceData || encryptionCertificate && encryptionCertificateId)';
  const operation = {
    ...syntheticOperation(
      graph.fields.map((f) => f.name),
      graph.path,
    ),
    reportedAccepted: graph.reportedAccepted ?? [],
  };

  test('found in its neighbourhood and exact within 10 x n, and the finding says where the first accepted body came from', async () => {
    for (let seed = 1; seed <= 5; seed += 1) {
      const sender = new RuleSender(rule);
      const { result, observations } = await explorePresence(sender, operation, {
        repeats: 1,
        values,
        exhaustiveMaxFields: 8,
        starts: knownStarts(operation, {}),
        seed,
      });

      expect(sender.bodies.length).toBeLessThanOrEqual(120);
      expect(result.exact).toBe(true);
      expect(result.rule).toBe(
        '(notificationUrl && resource && expirationDateTime && clientState && !changeType && !includeResourceData && !notificationUrlAppId) || ' +
          '(notificationUrl && resource && expirationDateTime && clientState && encryptionCertificate && encryptionCertificateId && !changeType && !notificationUrlAppId)',
      );
      expect(judgeExploration(result, observations).finding).toMatch(
        /; the first accepted body came from the description's reportedAccepted, without changeType and with clientState, after \d+ requests;/,
      );
    }
  });
});
