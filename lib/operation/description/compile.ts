/** An operation description (validated) compiled into the OperationSpec every suite and module reads. */
import { familyClasses } from '../families/index.js';
import type { FieldSpec, LimitSearch, OperationSpec, ValueClass } from '../types.js';
import { expandDeletePath } from './delete-path.js';
import { readPointer } from './json-pointer.js';
import type { ClassEntryDescription, FieldDescription, LimitDescription, OperationDescription, UndoDescription } from './types.js';
import { compileLimitValue, compileValue } from './values.js';

/** A class entry's classes: a family expands to several, a single class is one. */
export function entryClasses(entry: ClassEntryDescription, good: FieldSpec['good'], name: string): ValueClass[] {
  if ('family' in entry) return familyClasses(entry, good, name);
  return [
    {
      id: entry.id,
      description: entry.description,
      value: compileValue(entry.value),
      specRef: entry.specRef,
      expectation: entry.expectation,
    },
  ];
}

function compileField(field: FieldDescription): FieldSpec {
  const good = compileValue(field.good);
  return {
    name: field.name,
    specRef: field.specRef,
    good,
    classes: (field.classes ?? []).flatMap((e) => entryClasses(e, good, field.name)),
  };
}

function compileLimit(limit: LimitDescription): LimitSearch {
  const { value, maxSteps, documented, ...rest } = limit;
  return {
    ...rest,
    make: compileLimitValue(value),
    ...(maxSteps !== undefined ? { maxSteps } : {}),
    ...(documented !== undefined ? { documented: [...documented] } : {}),
  };
}

const stringAt = (body: unknown, pointer: string): string | undefined => {
  const value = readPointer(body, pointer);
  return typeof value === 'string' ? value : undefined;
};

function compileUndo(undo: UndoDescription): NonNullable<OperationSpec['cleanup']> {
  const { idAt, deletePath, endOfLifeAt } = undo;
  return {
    idFrom: (body) => stringAt(body, idAt),
    deletePath: (id) => expandDeletePath(deletePath, id),
    ...(endOfLifeAt !== undefined ? { expiresFrom: (body: unknown) => stringAt(body, endOfLifeAt) } : {}),
  };
}

/**
 * The description each compiled operation came from: the compiled form holds functions, so it is the description
 * that travels to another thread (lib/config/wire.ts) and is compiled again there.
 */
const descriptions = new WeakMap<OperationSpec, OperationDescription>();

/** The description `operation` was compiled from; undefined for an operation built in code. */
export function descriptionOf(operation: OperationSpec): OperationDescription | undefined {
  return descriptions.get(operation);
}

/** `source` names the file it came from, for messages (e.g. a baseline of another operation). */
export function compileOperation(d: OperationDescription, source?: string): OperationSpec {
  const operation: OperationSpec = {
    id: d.id,
    summary: d.summary,
    method: d.method,
    path: d.path,
    headers: { ...(d.headers ?? { 'content-type': 'application/json' }) },
    fields: d.fields.map(compileField),
    ...(d.reportedAccepted !== undefined ? { reportedAccepted: [...d.reportedAccepted] } : {}),
    ...(d.acceptedBody !== undefined ? { acceptedBody: { ...d.acceptedBody } } : {}),
    ...(d.limits !== undefined ? { limits: d.limits.map(compileLimit) } : {}),
    ...(d.validationDeadlineSeconds !== undefined ? { validationDeadlineSeconds: [...d.validationDeadlineSeconds] } : {}),
    ...(d.undo !== undefined ? { cleanup: compileUndo(d.undo) } : {}),
    ...(d.lifecycle !== undefined ? { lifecycle: { ...d.lifecycle } } : {}),
    ...(d.refusals !== undefined ? { refusals: d.refusals } : {}),
    ...(source !== undefined ? { source } : {}),
  };
  descriptions.set(operation, d);
  return operation;
}
