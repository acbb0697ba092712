/**
 * The states a subscription was seen in and the moves between them (spec §3: "States of a subscription and the
 * moves between them: not shown"), from the answers alone. A read or list never moves a subscription; a deleted
 * one that is still read or listed is marked so, as it is worth a team's attention.
 */
import { isSuccessStatus } from '../http/status.js';
import type { StateMove } from './types.js';

export type LifecycleState = 'absent' | 'active' | 'renewed' | 'deleted' | 'deleted, still readable' | 'deleted, still listed';
export type LifecycleAction = 'create' | 'read' | 'list' | 'renew' | 'renew past the limit' | 'patch field' | 'delete';

export function nextState(from: LifecycleState, action: LifecycleAction, status: number | null): LifecycleState {
  const ok = isSuccessStatus(status);
  const deleted = from.startsWith('deleted');
  switch (action) {
    case 'create':
      return ok ? 'active' : from;
    case 'renew':
    case 'renew past the limit':
      return ok && !deleted ? 'renewed' : from;
    case 'delete':
      return ok || deleted ? 'deleted' : from;
    case 'read':
      return ok && deleted ? 'deleted, still readable' : from;
    case 'list':
      return ok && deleted ? 'deleted, still listed' : from;
    case 'patch field':
      return from;
  }
}

/** Records moves one after another, each starting where the last ended. */
export class StateWalk {
  readonly moves: StateMove[] = [];
  #state: LifecycleState = 'absent';

  get state(): LifecycleState {
    return this.#state;
  }

  /** `listed`: for a list, whether the subscription was on it (a list answers 2xx either way). */
  move(action: LifecycleAction, status: number | null, listed?: boolean): LifecycleState {
    const from = this.#state;
    const answered = action === 'list' && listed === false ? null : status;
    const to = nextState(from, action, answered);
    this.moves.push({ from, action, status, to });
    // A read of a deleted subscription that answers says something of that read only; the subscription stays deleted.
    this.#state = to.startsWith('deleted') ? 'deleted' : to;
    return to;
  }

  /** The moves recorded since `index`. */
  since(index: number): StateMove[] {
    return this.moves.slice(index);
  }
}
