/**
 * How a run deletes what it creates, decided once, before its first create, from the settings alone: the
 * description's delete path, else DELETE_PATH, else none known (then the Location of the first accepted create
 * may still give one: ./undo-guard.ts). The dry run's sentence about creates, the run's undo, the lifecycle's
 * skip and `npm run cleanup` all read this one decision.
 */
import type { TargetSettings } from '../config/types.js';
import { descriptionOf } from '../operation/description/compile.js';
import { expandDeletePath } from '../operation/description/delete-path.js';
import { readPointer } from '../operation/description/json-pointer.js';
import type { OperationSpec } from '../operation/types.js';
import { createdNoun } from '../operation/notification-field.js';

export type UndoSource = 'description' | 'setting' | 'none';

export interface UndoPlan {
  source: UndoSource;
  /** The delete path template as shown (`/subscriptions/{id}`); undefined when none is known. */
  template: string | undefined;
  /** KEEP_CREATED: go on creating without a way to delete, and leave what was created. */
  keepCreated: boolean;
  /** DELETE_PATH was given, and the description's own delete path comes first. */
  settingUnused: boolean;
  /** The cleanup the run undoes its creates with; undefined when no delete path is known before the first create. */
  cleanup: OperationSpec['cleanup'];
}

/** Where the id is read in a create's answer when the description does not say (its `undo.idAt`). */
export const DEFAULT_ID_AT = '/id';

/** The id at /id of a create's answer, when it is a string: what the ledger records when no undo says where it is. */
export function defaultIdFrom(body: unknown): string | undefined {
  const value = readPointer(body, DEFAULT_ID_AT);
  return typeof value === 'string' ? value : undefined;
}

/** Why no delete path is known, for every sentence that says so. */
export const NO_DELETE_PATH = 'the operation description names no delete path and DELETE_PATH is unset';

/** An example of DELETE_PATH for this operation: its collection path with /{id}. */
export const deletePathExample = (operation: Pick<OperationSpec, 'path'>): string => `${operation.path.replace(/\/+$/, '')}/{id}`;

function descriptionTemplate(operation: OperationSpec): string | undefined {
  const cleanup = operation.cleanup;
  if (cleanup === undefined) return undefined;
  // An operation built in code has no description: its delete path of a plain id shows the template.
  return descriptionOf(operation)?.undo?.deletePath ?? cleanup.deletePath('ID').replace('ID', '{id}');
}

export function undoPlan(target: Pick<TargetSettings, 'operation' | 'deletePath' | 'keepCreated'>): UndoPlan {
  const { operation, deletePath, keepCreated } = target;
  const own = descriptionTemplate(operation);
  if (own !== undefined) {
    return { source: 'description', template: own, keepCreated, settingUnused: deletePath !== undefined, cleanup: operation.cleanup };
  }
  if (deletePath !== undefined) {
    const cleanup = { idFrom: defaultIdFrom, deletePath: (id: string) => expandDeletePath(deletePath, id) };
    return { source: 'setting', template: deletePath, keepCreated, settingUnused: false, cleanup };
  }
  return { source: 'none', template: undefined, keepCreated, settingUnused: false, cleanup: undefined };
}

/** The operation as the run sends it: with the cleanup the plan decided (the description's, or DELETE_PATH's). */
export function withPlannedUndo(operation: OperationSpec, plan: UndoPlan): OperationSpec {
  if (plan.cleanup === operation.cleanup) return operation;
  const rest = { ...operation };
  delete rest.cleanup;
  return plan.cleanup === undefined ? rest : { ...rest, cleanup: plan.cleanup };
}

/** The dry run's line about what the run creates and how it deletes it. */
export function createsSentence(plan: UndoPlan, creates: number, operation: Pick<OperationSpec, 'path' | 'fields'>): string {
  const noun = createdNoun(operation);
  if (plan.template !== undefined) {
    const from = plan.source === 'description' ? "the operation description's" : 'DELETE_PATH';
    const unused = plan.settingUnused ? '; DELETE_PATH is not used' : '';
    return (
      `${noun.many}: up to ${creates} created, each deleted after its case by DELETE ${plan.template} (${from}${unused}), ` +
      'what is not at the end of the run; the DELETE of the first accepted create is checked: ' +
      (plan.keepCreated
        ? 'should it fail, the run goes on and keeps what it cannot delete (KEEP_CREATED)'
        : 'should it fail, the run stops there (exit 2)')
    );
  }
  const location = `deleted through the Location of the first accepted create when it names that ${noun.one}`;
  if (plan.keepCreated) {
    return `${noun.many}: up to ${creates} created, ${location}; else each is kept on the target (KEEP_CREATED) and listed in the ledger, for npm run cleanup with DELETE_PATH (${NO_DELETE_PATH})`;
  }
  return (
    `${noun.many}: up to ${creates} created, ${location}; else one ${noun.one} is created and left, and the run stops there (exit 2), ` +
    `as ${NO_DELETE_PATH}: set DELETE_PATH (e.g. ${deletePathExample(operation)}) or KEEP_CREATED=true`
  );
}
