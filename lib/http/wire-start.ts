import type { Dispatcher } from 'undici';

/** Put in a request's `opaque` option (which undici passes through untouched) to hear of its write. */
export interface WireStartOpaque {
  onWireStart: () => void;
}

function hookOf(opaque: unknown): (() => void) | undefined {
  if (typeof opaque !== 'object' || opaque === null) return undefined;
  const hook = (opaque as Partial<WireStartOpaque>).onWireStart;
  return typeof hook === 'function' ? hook : undefined;
}

/**
 * An undici interceptor that tells a request the moment it is written to its socket (after
 * any connect, just before the request line), and otherwise passes everything through.
 */
export const announceWireStart: Dispatcher.DispatcherComposeInterceptor = (dispatch) => (options, handler) => {
  const onWireStart = hookOf((options as { opaque?: unknown }).opaque);
  return dispatch(options, {
    onRequestStart: (controller, context) => {
      onWireStart?.();
      handler.onRequestStart?.(controller, context);
    },
    onRequestUpgrade: (controller, statusCode, headers, socket) =>
      handler.onRequestUpgrade?.(controller, statusCode, headers, socket),
    onResponseStart: (controller, statusCode, headers, statusMessage) =>
      handler.onResponseStart?.(controller, statusCode, headers, statusMessage),
    onResponseData: (controller, chunk) => handler.onResponseData?.(controller, chunk),
    onResponseEnd: (controller, trailers) => handler.onResponseEnd?.(controller, trailers),
    onResponseError: (controller, error) => handler.onResponseError?.(controller, error),
  });
};
