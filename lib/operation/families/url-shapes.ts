import type { ValueClass, ValueContext } from '../types.js';

export interface UrlShapesOptions {
  specRef: string;
  /** The spec takes only https: an http URL is then not its form (Graph, reference-notes). */
  httpsOnly?: boolean;
  /** Length of the very long URL (default 2100, past the 2,083 some stacks cut at). */
  longLength?: number;
}

/** The configured URL with another scheme; a URL the WHATWG parser rejects stays as it is. */
function withScheme(url: string, scheme: 'http:' | 'https:'): string {
  try {
    const parsed = new URL(url);
    parsed.protocol = scheme;
    return parsed.href;
  } catch {
    return url;
  }
}

function pathOf(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.pathname}${parsed.search}`;
  } catch {
    return '/notifications';
  }
}

/** The URL with one more query parameter (its first when it has none). */
const withParameter = (u: string, parameter: string): string => `${u}${u.includes('?') ? '&' : '?'}${parameter}`;

/**
 * Shapes of a URL field. Where a class can, it derives from the field's good value (e.g. the
 * receiver's URL), so that a service that validates the URL (reference-notes: a validation request
 * before creating) reaches the same receiver and the class, not the receiver, makes the difference.
 */
export function urlShapeClasses(good: (ctx: ValueContext) => unknown, o: UrlShapesOptions): ValueClass[] {
  const SPEC = o.specRef;
  const longLength = o.longLength ?? 2100;
  const url = (ctx: ValueContext): string => String(good(ctx));
  return [
    {
      id: 'https-absolute',
      description: 'https absolute URL',
      value: (ctx) => withScheme(url(ctx), 'https:'),
      specRef: SPEC,
      expectation: 'spec-form',
    },
    // An absolute http URL has the form of a spec that says "absolute"; not of one that says https.
    {
      id: 'http-absolute',
      description: 'http absolute URL',
      value: (ctx) => withScheme(url(ctx), 'http:'),
      specRef: SPEC,
      expectation: o.httpsOnly === true ? 'not-spec-form' : 'spec-form',
    },
    { id: 'relative-path', description: 'relative path', value: (ctx) => pathOf(url(ctx)), specRef: SPEC, expectation: 'not-spec-form' },
    { id: 'not-a-url', description: 'not a URL', value: () => 'not a url', specRef: SPEC, expectation: 'not-spec-form' },
    { id: 'empty', description: 'empty string', value: () => '', specRef: SPEC, expectation: 'not-spec-form' },
    {
      id: 'very-long',
      description: `very long URL (${longLength} characters)`,
      value: (ctx) => withParameter(url(ctx), 'pad=').padEnd(longLength, 'a'),
      // The form is the spec's; how long a URL may be is a limit, which the spec may not show.
      specRef: `${SPEC}; open: spec §8 limits not shown`,
      expectation: 'spec-form',
    },
    // 192.0.2.0/24 is TEST-NET-1 (RFC 5737): never a real host.
    {
      id: 'ip-literal',
      description: 'IP literal host',
      value: () => 'https://192.0.2.10/notifications',
      specRef: SPEC,
      expectation: 'spec-form',
    },
    {
      id: 'query-string',
      description: 'URL with a query string',
      value: (ctx) => withParameter(url(ctx), 'probe=query'),
      specRef: SPEC,
      expectation: 'spec-form',
    },
    // An IRI: the WHATWG URL parser takes it (as punycode), RFC 3986 does not; a spec rarely says which it means.
    {
      id: 'unicode-host',
      description: 'unicode host name',
      value: () => 'https://empfänger.example/notifications',
      specRef: `open: ${SPEC} does not say whether an internationalised host counts`,
      expectation: 'open',
    },
  ];
}
