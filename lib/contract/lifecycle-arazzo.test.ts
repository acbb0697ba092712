import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import YAML from 'yaml';
import { subscriptionCreate } from '../operation/index.js';
import type { BehaviourReport } from '../report/types.js';
import { renderLifecycleArazzo } from './lifecycle-arazzo.js';

const FIXTURE = fileURLToPath(new URL('../../test/fixtures/drive-subscription-v2.before.behaviour-report.json', import.meta.url));
const report = (): BehaviourReport => JSON.parse(readFileSync(FIXTURE, 'utf8')) as BehaviourReport;

interface Step {
  stepId: string;
  successCriteria: { condition: string }[];
  parameters: { name: string; value: string }[];
  requestBody?: { payload: Record<string, unknown> };
  onFailure?: { stepId: string }[];
}
type Workflow = { inputs: { required: string[]; properties: Record<string, { default?: string; format?: string }> }; steps: Step[] };

function workflowOf(r: BehaviourReport): Workflow {
  const render = renderLifecycleArazzo(r, subscriptionCreate);
  if (!('text' in render)) throw new Error(render.notWritten);
  return (YAML.parse(render.text) as { workflows: Workflow[] }).workflows[0] as Workflow;
}

describe('renderLifecycleArazzo', () => {
  test('the steps the target supported, the id threaded from the create, the token and receiver as inputs, instants ahead of the run', () => {
    const r = report();
    const workflow = workflowOf(r);
    expect(workflow.steps.map((s) => s.stepId)).toEqual(['create', 'read', 'list', 'renew', 'delete']);
    const [create, read] = workflow.steps as [Step, Step];
    expect(create.successCriteria.map((c) => c.condition)).toEqual(
      expect.arrayContaining(['$statusCode == 201', '$response.body#/id != null']),
    );
    expect(create.requestBody?.payload).toEqual({
      notificationUrl: '$inputs.notificationUrl',
      expirationDateTime: '$inputs.expirationDateTime',
    });
    expect(read.parameters).toContainEqual({ name: 'id', in: 'path', value: '$steps.create.outputs.id' });
    expect(read.onFailure).toEqual([expect.objectContaining({ type: 'goto', stepId: 'delete' })]);
    expect(workflow.inputs.required).toEqual(['token', 'notificationUrl']);
    expect(workflow.inputs.properties.token).toMatchObject({ format: 'password' });
    // The token has no default: its value is never written.
    expect(workflow.inputs.properties.token).not.toHaveProperty('default');
    const ahead = Date.parse(workflow.inputs.properties.expirationDateTime?.default ?? '') - Date.parse(r.run.endedAt);
    expect(ahead).toBe(2 * 86_400_000);
    expect(Date.parse(workflow.inputs.properties.renewTo?.default ?? '')).toBeGreaterThan(Date.parse(r.run.endedAt) + ahead);
  });

  test('only what the target supported: without read, list and renew the workflow is create and delete, and it says so', () => {
    const r = report();
    const ops = r.lifecycle?.operations;
    if (ops === undefined) throw new Error('the fixture has a lifecycle');
    for (const op of [ops.read, ops.list, ops.renew]) Object.assign(op, { supported: false, status: 405 });
    const render = renderLifecycleArazzo(r, subscriptionCreate);
    expect('text' in render && render.text).toMatch(
      /Not in the workflow, as the target did not support them: read \(405\), list \(405\), renew \(405\)/,
    );
    expect(workflowOf(r).steps.map((s) => s.stepId)).toEqual(['create', 'delete']);
  });

  test('not written when nothing could undo the create, or the lifecycle was not probed', () => {
    const r = report();
    if (r.lifecycle === undefined) throw new Error('the fixture has a lifecycle');
    r.lifecycle.operations.delete.supported = false;
    expect(renderLifecycleArazzo(r, subscriptionCreate)).toEqual({ notWritten: expect.stringMatching(/no delete worked/) });
    const without = report();
    delete without.lifecycle;
    expect(renderLifecycleArazzo(without, subscriptionCreate)).toEqual({ notWritten: 'the lifecycle suite did not run' });
  });
});
