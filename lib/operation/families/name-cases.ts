import type { ValueClass, ValueContext } from '../types.js';

export interface NameCasesOptions {
  specRef: string;
}

/**
 * The field's good value under its name in another letter case: `Resource`, `CHANGETYPE`. JSON names are
 * case-sensitive and spec §2 spells each field's name, so a client that capitalises it (as .NET serialisers do by
 * default) sends a property the spec does not name; a target may read it case-insensitively, ignore it, or refuse it.
 * A variant equal to the name itself (a name already in capitals) is left out.
 */
export function nameCaseClasses(name: string, good: (ctx: ValueContext) => unknown, o: NameCasesOptions): ValueClass[] {
  const variants = [
    { id: 'name-capitalised', sendAs: `${name.charAt(0).toUpperCase()}${name.slice(1)}`, how: 'capitalised' },
    { id: 'name-upper-case', sendAs: name.toUpperCase(), how: 'in capitals' },
  ];
  return variants
    .filter((v) => v.sendAs !== name)
    .filter((v, i, all) => all.findIndex((w) => w.sendAs === v.sendAs) === i)
    .map((v) => ({
      id: v.id,
      description: `the name ${v.how} ("${v.sendAs}"), with a good value`,
      value: good,
      sendAs: v.sendAs,
      specRef: o.specRef,
      expectation: 'not-spec-form',
    }));
}
