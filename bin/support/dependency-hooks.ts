/**
 * Module hooks (node:module register) that load the dependencies' own ES modules as they are on disk,
 * the way Node does without hooks, instead of through tsx's loader. Why: `npm run probe` runs under tsx,
 * whose ESM hook reads, scans and keeps every module it loads; vitest and vite are hundreds of ES
 * modules, and going through tsx cost the probe about 170 MB of its peak memory (measured: importing vitest/node alone peaks at 80 MB under plain node and 255 MB under tsx).
 * Only files under node_modules that Node resolved as ES modules are taken; everything else (our
 * TypeScript, CommonJS, JSON) goes on to tsx unchanged.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

interface LoadContext {
  format?: string | null | undefined;
}
interface LoadResult {
  format: string;
  source?: string | Uint8Array;
  shortCircuit?: boolean;
}
type NextLoad = (url: string, context: LoadContext) => Promise<LoadResult>;

export async function load(url: string, context: LoadContext, nextLoad: NextLoad): Promise<LoadResult> {
  if (context.format === 'module' && url.startsWith('file:') && url.includes('/node_modules/') && !/\.[cm]?tsx?$/.test(url)) {
    return { format: 'module', source: await readFile(fileURLToPath(url)), shortCircuit: true };
  }
  return nextLoad(url, context);
}
