/**
 * A whole document probed in one run on a service the tool was not shaped by: a task tracker
 * (test/support/tracker-target.ts) whose three creates each have a rule the document does not state (a pair that
 * excludes itself, one of two plus a field that needs another, exactly one of two), whose ids reach their consumers
 * through Location, whose refusals are RFC 9457 problem details, and whose parents refuse a delete while they hold
 * anything. The campaign must learn every rule exactly, fill each path from its producers, judge each refusal against
 * the refusals the document declares (not spec §7's error object), and leave nothing behind.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { BehaviourReport } from '../lib/report/types.js';
import type { CampaignIndex } from '../lib/run/campaign-index.js';
import { campaignIndex, campaignLine, operationReport, type CampaignRun } from './support/run-campaign.js';
import { startTrackerTarget, TRACKER_RULES, type TrackerTarget } from './support/tracker-target.js';
import { expectRuleOf } from './support/truth-table.js';

const TRACKER = new URL('fixtures/openapi/tracker-3.1.yaml', import.meta.url).pathname;
const TOKEN = 'trk-5p2m-h7qa-31zc';
const BUDGET = 1500;

describe('a task tracker described by its provider, every operation in one run', () => {
  let target: TrackerTarget;
  let run: CampaignRun;
  let index: CampaignIndex;
  const reportOf = (id: string): BehaviourReport => operationReport(run, id);
  beforeAll(async () => {
    target = await startTrackerTarget(TOKEN);
    const env = { BASE_URL: target.url, ACCESS_TOKEN: TOKEN, OPENAPI: TRACKER, MAX_REQUESTS: String(BUDGET), SEED: '1' };
    run = await campaignLine(env, [], { prefix: 'campaign-tracker-' });
    index = campaignIndex(run);
  }, 300_000);
  afterAll(async () => {
    await target.close();
  });

  test('each rule is the one the tracker enforces, which its document does not state', () => {
    expect(
      index.operations.map((e) => [e.id, e.status]),
      run.stdout.join('\n'),
    ).toEqual([
      ['createProject', 'run'],
      ['createTask', 'run'],
      ['addComment', 'run'],
    ]);
    for (const [id, accept] of Object.entries(TRACKER_RULES)) {
      const report = reportOf(id);
      expectRuleOf(report, accept, `${id}: ${report.rule.expression}`);
    }
    // The document lists one required field each; the roles are what the tracker does.
    expect(Object.entries(reportOf('createTask').fields).map(([name, role]) => [name, role.presence])).toEqual([
      ['title', 'required'],
      ['assignee', 'conditional'],
      ['team', 'conditional'],
      ['dueDate', 'conditional'],
      ['reminder', 'conditional'],
    ]);
  });

  test("each consumer's path is filled from its producers' Location, in layers", () => {
    const filled = Object.fromEntries(index.operations.map((e) => [e.id, e.pathValues ?? []]));
    expect(filled['createProject']).toEqual([]);
    expect(filled['createTask']).toEqual([
      expect.stringMatching(/^\{projectId\} from createProject's 201, id \S+ from its Location's last segment$/),
    ]);
    expect(filled['addComment']).toEqual([
      expect.stringMatching(/^\{projectId\} from createProject's 201/),
      expect.stringMatching(/^\{taskId\} from createTask's 201, id \S+ from its Location's last segment$/),
    ]);
    expect(target.created.addComment).toBeGreaterThan(0);
  });

  test('a value the tracker checks and the document types is told apart', () => {
    const dueDate = reportOf('createTask').values['dueDate'];
    expect(dueDate?.rejected?.map((v) => v.classId)).toContain('not-a-date');
    const visibility = reportOf('createProject').values['visibility'];
    expect(visibility?.rejected?.map((v) => v.classId).length).toBeGreaterThan(0);
    expect(visibility?.accepted?.length).toBeGreaterThan(0);
  });

  test("each refusal is judged against the tracker's own declared refusals, not spec §7's error object", () => {
    expect(run.code, run.stdout.join('\n')).toBe(0);
    // Spec §4's observations are of the subscription create: a task has none to replay.
    expect((reportOf('createTask').skipped ?? []).map((s) => s.id)).toContain('spec-4/observation-all-five');
    for (const id of Object.keys(TRACKER_RULES)) {
      const refusals = reportOf(id).cases.find((c) => c.id === 'matrix/refusals');
      expect(refusals, id).toMatchObject({ verdict: 'CONFORMS', specRef: `the refusals declared for ${id} in Tracker API` });
    }
  });

  test('nothing is left on the tracker, children deleted before their parents, within the one budget', () => {
    expect(target.held()).toEqual([]);
    expect(index.leftOnTarget).toBeUndefined();
    expect(index.instances).toMatchObject({ made: 2, deleted: 2 });
    const sent = index.operations.reduce((sum, e) => sum + (e.requests ?? 0), 0);
    expect(sent + (index.instances?.requests ?? 0)).toBeLessThanOrEqual(BUDGET);
  });
});

describe('one create of the tracker answering a refusal its document does not declare', () => {
  let target: TrackerTarget;
  let run: CampaignRun;
  beforeAll(async () => {
    target = await startTrackerTarget(TOKEN, 'createTask');
    const env = { BASE_URL: target.url, ACCESS_TOKEN: TOKEN, OPENAPI: TRACKER, OPERATIONS: 'createProject,createTask', SEED: '1' };
    run = await campaignLine(env, ['02-presence'], { prefix: 'campaign-tracker-off-' });
  }, 300_000);
  afterAll(async () => {
    await target.close();
  });

  test('that operation DEVIATES from its declared refusals, saying how; the other holds', () => {
    const report = (id: string): BehaviourReport => operationReport(run, id);
    const refusals = (id: string) => report(id).cases.find((c) => c.id === 'matrix/refusals');
    expect(refusals('createProject')?.verdict).toBe('CONFORMS');
    const broken = refusals('createTask');
    expect(broken).toMatchObject({ verdict: 'DEVIATES', specRef: 'the refusals declared for createTask in Tracker API' });
    expect(broken?.finding).toContain('content-type application/json, where application/problem+json is declared for 400');
    expect(broken?.finding).toContain("(body): must have required property 'type'");
    // Its rule is learned all the same, and nothing is left.
    expectRuleOf(report('createTask'), TRACKER_RULES.createTask);
    expect(target.held()).toEqual([]);
    expect(run.code).toBe(1);
  });
});
