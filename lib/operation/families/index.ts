/** The built-in value-class families an operation description names, by name. */
import { compileValue } from '../description/values.js';
import type { FamilyDescription } from '../description/types.js';
import type { ValueClass, ValueContext } from '../types.js';
import { booleanClasses } from './booleans.js';
import { enumerationClasses } from './enumeration.js';
import { iso8601SpellingClasses } from './iso8601-spellings.js';
import { lifetimeClasses } from './lifetimes.js';
import { nameCaseClasses } from './name-cases.js';
import { stringLengthClasses } from './string-lengths.js';
import { urlShapeClasses } from './url-shapes.js';
import { wrongJsonTypeClasses } from './wrong-json-types.js';

/** The classes a family entry stands for; `good` is the field's good value (some families derive from it), `name` its name. */
export function familyClasses(entry: FamilyDescription, good: (ctx: ValueContext) => unknown, name: string): ValueClass[] {
  switch (entry.family) {
    case 'name-cases':
      return nameCaseClasses(name, good, entry);
    case 'url-shapes':
      return urlShapeClasses(good, entry);
    case 'iso8601-spellings':
      return iso8601SpellingClasses(entry);
    case 'lifetimes':
      return lifetimeClasses(entry);
    case 'string-lengths':
      return stringLengthClasses(entry);
    case 'enumeration':
      return enumerationClasses(entry);
    case 'booleans':
      return booleanClasses(entry);
    case 'wrong-json-types': {
      const { number, ...rest } = entry;
      return wrongJsonTypeClasses(
        good,
        number === undefined ? rest : { ...rest, number: compileValue(number) as (ctx: ValueContext) => unknown },
      );
    }
  }
}
