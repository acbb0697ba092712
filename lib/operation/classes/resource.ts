import type { ValueClass, ValueContext } from '../types.js';
import { wrongJsonTypes } from './wrong-types.js';

const SPEC = 'spec §2 (resource: of the form /<resource_path>)';

const path = (id: string, description: string, value: string, expectation: ValueClass['expectation']): ValueClass => ({
  id,
  description,
  value: () => value,
  specRef: SPEC,
  expectation,
});

/**
 * Values of resource. The spec gives only the form `/<resource_path>`: a leading slash. Which paths
 * exist is not shown, so a path with the slash has the spec's form whether or not it names anything.
 */
export function resourceClasses(good: (ctx: ValueContext) => unknown): ValueClass[] {
  return [
    path('me-drive-root', '/me/drive/root', '/me/drive/root', 'spec-form'),
    path('drives-id-root', '/drives/{id}/root', '/drives/b!probe-drive/root', 'spec-form'),
    path('drive-root', '/drive/root (the path of the endpoint itself)', '/drive/root', 'spec-form'),
    path('no-leading-slash', 'me/drive/root without the leading slash', 'me/drive/root', 'not-spec-form'),
    path('relative-drive-root', 'drive/root without the leading slash', 'drive/root', 'not-spec-form'),
    path('unknown-path', 'a path that names nothing known', '/no/such/resource', 'spec-form'),
    path('garbage', 'not a path', 'garbage!', 'not-spec-form'),
    path('empty', 'empty string', '', 'not-spec-form'),
    ...wrongJsonTypes(good),
  ];
}
