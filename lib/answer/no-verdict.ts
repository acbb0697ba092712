/**
 * What a reader can do about an item that got no verdict from the target: the setting to raise, by why the last
 * ask got none. Said where a case ends without a verdict, so that "undetermined" never stands without its remedy.
 */
import type { Exchange } from '../http/types.js';

/** `; raise MAX_RETRIES ...`, or '' when no setting would help (a redirect, a malformed answer, no token). */
export function noVerdictAdvice(exchange: Exchange): string {
  const failure = exchange.failure;
  if (failure === undefined) return '';
  switch (failure.kind) {
    case 'throttled':
      return /longer than the \d+ ms the probe waits/.test(failure.message)
        ? '; the target asked for a longer wait than the probe takes: raise RETRY_AFTER_MAX_SECONDS'
        : '; still throttled after its retries and second asks: raise MAX_RETRIES (the retries of each request, and the times one without a verdict is asked again later)';
    case 'network':
      // Not sent: the run stopped because its first connections all failed, and its message says why.
      if (exchange.attempts === 0) return '';
      return '; no verdict after its retries and second asks: raise MAX_RETRIES (the retries of each request, and the times one without a verdict is asked again later)';
    case 'server':
      return '; no verdict after its retries and second asks: raise MAX_RETRIES (the retries of each request, and the times one without a verdict is asked again later)';
    case 'timeout':
      return '; no answer after its retries and second asks: raise REQUEST_TIMEOUT_MS or MAX_RETRIES';
    case 'budget':
      return '; the request budget was spent before it got a verdict: raise MAX_REQUESTS';
    case 'deadline':
      return "; the run's time was up before it got a verdict: raise MAX_RUN_SECONDS";
    default:
      return '';
  }
}
