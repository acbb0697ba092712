/**
 * Reads an operation description file (JSON, or YAML for .yaml/.yml), validates it and compiles it.
 * Any problem throws OperationFileError: one line per problem, each naming the file and the JSON
 * pointer (`my-op.json#/fields/2/good: is required`), for exit code 2.
 */
import { readFileSync } from 'node:fs';
import type { OperationSpec } from '../types.js';
import { compileOperation } from './compile.js';
import type { OperationDescription } from './types.js';
import { validateDescription } from './validate.js';
import { OperationFileError } from '../../errors.js';
import { yaml } from '../../yaml.js';

const isYaml = (label: string): boolean => /\.ya?ml$/i.test(label);

/** `label#/pointer: message` for a validator's `/pointer: message`. */
const located = (label: string, problem: string): string => `${label}#${problem.startsWith('/') ? problem : `: ${problem}`}`;

/** Parses description text; `label` (the file as the user named it) is in every problem. */
export function parseDescription(text: string, label: string): OperationDescription {
  let value: unknown;
  if (isYaml(label)) {
    const doc = yaml().parseDocument(text);
    if (doc.errors.length > 0) {
      throw new OperationFileError(
        doc.errors.map(
          (e) =>
            `${label}: not valid YAML at line ${e.linePos?.[0].line ?? '?'}, column ${e.linePos?.[0].col ?? '?'}: ${(e.message.split('\n')[0] ?? e.code).replace(/ at line \d+, column \d+:?$/, '')}`,
        ),
      );
    }
    value = doc.toJS();
  } else {
    try {
      value = JSON.parse(text);
    } catch (error) {
      throw new OperationFileError([`${label}: not valid JSON: ${(error as Error).message}`]);
    }
  }
  const checked = validateDescription(value);
  if (!checked.valid) throw new OperationFileError(checked.problems.map((p) => located(label, p)));
  return checked.description;
}

/** Reads, validates and compiles a description file. `label` defaults to the path. */
export function loadOperationFile(path: string, label = path): OperationSpec {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new OperationFileError([`${label}: cannot read it (${(error as NodeJS.ErrnoException).code ?? 'error'})`]);
  }
  return compileOperation(parseDescription(text, label), label);
}
