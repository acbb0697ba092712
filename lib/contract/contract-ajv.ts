/**
 * One ajv (JSON Schema 2020-12) for every contract check: the observed contract's own round trip,
 * and a team's contract under `--contract`. Formats are checked (ajv-formats, full mode), unknown
 * keywords are annotations (an OpenAPI schema may carry `example`, `x-...`), and the one extension
 * that changes validation is `x-lifetime`: JSON Schema has no "now + N minutes", so a lifetime
 * bound is written as this keyword and checked against the `now` the checker is given.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsCjs from 'ajv-formats';

const addFormats = addFormatsCjs.default;

export const LIFETIME_KEYWORD = 'x-lifetime';

/** The `x-lifetime` keyword: the instant's distance from now, in `unit`, within [minimum, maximum]. */
export interface LifetimeBound {
  unit: LifetimeUnit;
  minimum?: number;
  maximum?: number;
}

export type LifetimeUnit = 'seconds' | 'minutes' | 'hours' | 'days';

const UNIT_MS: Record<LifetimeUnit, number> = { seconds: 1_000, minutes: 60_000, hours: 3_600_000, days: 86_400_000 };

export function isLifetimeUnit(unit: string): unit is LifetimeUnit {
  return Object.hasOwn(UNIT_MS, unit);
}

/** Distance of a date-time string from `now`, in `unit`; undefined when it does not parse. */
export function lifetimeOf(value: unknown, now: Date, unit: LifetimeUnit): number | undefined {
  if (typeof value !== 'string') return undefined;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : (at - now.getTime()) / UNIT_MS[unit];
}

function withinLifetime(bound: LifetimeBound, value: unknown, now: Date): boolean {
  const lifetime = lifetimeOf(value, now, bound.unit);
  // A string that is no date-time is for `format` to refuse; the lifetime speaks of instants only.
  if (lifetime === undefined) return true;
  return (bound.minimum === undefined || lifetime >= bound.minimum) && (bound.maximum === undefined || lifetime <= bound.maximum);
}

export type ContractAjv = InstanceType<typeof Ajv2020>;

/**
 * The checker for values built at `now`: every lifetime is judged against that instant.
 *
 * It does not check a schema against the 2020-12 meta-schema before compiling it (ajv's
 * validateSchema): that check cost five times the rest of a contract build, and the
 * schemas compiled here are either built by this tool or a team's contract that checkContractSchema
 * has already checked when the contract was read.
 */
export function contractAjv(now: Date): ContractAjv {
  return newContractAjv(now, false);
}

/**
 * A team's request body schema, checked as JSON Schema 2020-12 (the meta-schema included) before
 * anything is sent; throws ajv's error for a schema it cannot use.
 */
export function checkContractSchema(schema: object): void {
  // One checker for the process: building it compiles the 2020-12 meta-schema, most of each check's cost.
  metaChecker ??= newContractAjv(new Date(), true);
  try {
    metaChecker.compile(schema);
  } finally {
    // Every schema but the meta-schemas forgotten once checked, so that the next contract may use this one's `$id`s.
    metaChecker.removeSchema();
  }
}
let metaChecker: ContractAjv | undefined;

function newContractAjv(now: Date, validateSchema: boolean): ContractAjv {
  const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true, validateSchema });
  addFormats(ajv);
  ajv.addKeyword({
    keyword: LIFETIME_KEYWORD,
    type: 'string',
    schemaType: 'object',
    validate: (bound: LifetimeBound, data: unknown) => withinLifetime(bound, data, now),
  });
  return ajv;
}
