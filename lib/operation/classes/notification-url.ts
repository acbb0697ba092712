import type { ValueClass, ValueContext } from '../types.js';
import { wrongJsonTypes } from './wrong-types.js';

const SPEC = 'spec §2 (notificationUrl: an absolute URL)';

/** The configured notification URL with another scheme; a URL the WHATWG parser rejects stays as it is. */
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

/**
 * Values of notificationUrl. Where a class can, it derives from the configured NOTIFICATION_URL,
 * so that a service that validates the URL (reference-notes: a validation request before creating)
 * reaches the same receiver and the class, not the receiver, makes the difference.
 */
export function notificationUrlClasses(good: (ctx: ValueContext) => string): ValueClass[] {
  return [
    { id: 'https-absolute', description: 'https absolute URL', value: (ctx) => withScheme(good(ctx), 'https:'), specRef: SPEC, expectation: 'spec-form' },
    // spec §2 says absolute, not https: an http URL has the spec's form (Graph requires https, reference-notes).
    { id: 'http-absolute', description: 'http absolute URL', value: (ctx) => withScheme(good(ctx), 'http:'), specRef: SPEC, expectation: 'spec-form' },
    { id: 'relative-path', description: 'relative path', value: (ctx) => pathOf(good(ctx)), specRef: SPEC, expectation: 'not-spec-form' },
    { id: 'not-a-url', description: 'not a URL', value: () => 'not a url', specRef: SPEC, expectation: 'not-spec-form' },
    { id: 'empty', description: 'empty string', value: () => '', specRef: SPEC, expectation: 'not-spec-form' },
    {
      id: 'very-long',
      description: 'very long URL (2100 characters)',
      value: (ctx) => {
        const url = good(ctx);
        const joiner = url.includes('?') ? '&' : '?';
        const head = `${url}${joiner}pad=`;
        return head.padEnd(2100, 'a');
      },
      // The form is the spec's; how long a URL may be is a limit, and limits are not shown (spec §8).
      specRef: `${SPEC}; open: spec §8 limits not shown`,
      expectation: 'spec-form',
    },
    // 192.0.2.0/24 is TEST-NET-1 (RFC 5737): never a real host.
    { id: 'ip-literal', description: 'IP literal host', value: () => 'https://192.0.2.10/notifications', specRef: SPEC, expectation: 'spec-form' },
    {
      id: 'query-string',
      description: 'URL with a query string',
      value: (ctx) => {
        const url = good(ctx);
        return `${url}${url.includes('?') ? '&' : '?'}probe=query`;
      },
      specRef: SPEC,
      expectation: 'spec-form',
    },
    // An IRI: the WHATWG URL parser takes it (as punycode), RFC 3986 does not; the spec does not say which it means.
    {
      id: 'unicode-host',
      description: 'unicode host name',
      value: () => 'https://empfänger.example/notifications',
      specRef: `open: ${SPEC} does not say whether an internationalised host counts`,
      expectation: 'open',
    },
    ...wrongJsonTypes(good),
  ];
}
