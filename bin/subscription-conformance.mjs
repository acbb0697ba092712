#!/usr/bin/env node
// The package's one command (package.json "bin"). The tool is TypeScript run by tsx, a dependency:
// this file only loads tsx and hands over to bin/cli.ts, whose header is the usage text.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('./cli.ts');
main();
