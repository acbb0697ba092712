import { statusOrNoAnswer } from '../http/answer-text.js';

/** Statuses seen, counted, in status order: `201 x7, 400 x13, no answer x1`. */
export function statusTally(statuses: readonly (number | null)[]): string {
  const counts = new Map<number | null, number>();
  for (const status of statuses) counts.set(status, (counts.get(status) ?? 0) + 1);
  return [...counts.entries()]
    .sort(([a], [b]) => (a ?? 1000) - (b ?? 1000))
    .map(([status, n]) => `${statusOrNoAnswer(status)} x${n}`)
    .join(', ');
}
