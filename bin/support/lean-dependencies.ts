/**
 * Imported first by bin/probe.ts: from here on the dependencies' ES modules load without tsx's hook
 * (see dependency-hooks.ts). Only modules imported after this one has run benefit, so bin/probe.ts
 * imports vitest (the big one) dynamically.
 */
import { register } from 'node:module';

register('./dependency-hooks.ts', import.meta.url);
