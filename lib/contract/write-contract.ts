import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import YAML from 'yaml';
import { writeFileAtomic } from '../report/atomic-write.js';
import { CONTRACT_FILES } from './build-contract.js';

/** Writes the document as observed-openapi.json and .yaml into `dir`, each atomically. */
export async function writeObservedContract(document: Record<string, unknown>, dir: string): Promise<{ json: string; yaml: string }> {
  await mkdir(dir, { recursive: true });
  const paths = { json: join(dir, CONTRACT_FILES.json), yaml: join(dir, CONTRACT_FILES.yaml) };
  await writeFileAtomic(paths.json, `${JSON.stringify(document, null, 2)}\n`);
  // No line folding: a long description or pattern stays one line, so a diff shows the line that changed.
  await writeFileAtomic(paths.yaml, YAML.stringify(document, { lineWidth: 0, aliasDuplicateObjects: false }));
  return paths;
}
