/**
 * Imported first by bin/probe.ts and bin/self-test.ts, before vitest loads, to keep their memory and CPU down:
 *
 * - Run from the TypeScript sources, from here on the dependencies' ES modules load without tsx's hook (see dependency-hooks.ts). Only
 *   modules imported after this one has run benefit, so both import vitest (the big one) dynamically.
 * - Vite 8 transforms the suites with rolldown, a native module whose allocator (mimalloc) commits each
 *   arena it reserves at once unless told otherwise: measured, 136 MB of the probe's resident memory was
 *   such committed arena, and the whole run's peak fell from about 395 MB to 282 MB with
 *   MIMALLOC_ARENA_EAGER_COMMIT=0 (pages are then committed as rolldown uses them). mimalloc reads its
 *   options from the environment when rolldown's binding loads, which is after this line; a value the
 *   user set is kept.
 */
import { register } from 'node:module';

process.env.MIMALLOC_ARENA_EAGER_COMMIT ??= '0';
// Compiled (dist/), this module is JavaScript and no tsx hook is in the chain to step around.
if (import.meta.url.endsWith('.ts')) register('./dependency-hooks.ts', import.meta.url);
