/** What one combination of fields got from the target, as the rule's evidence: unknown when no usable answer. */
export type PresenceAnswer = 'accepted' | 'rejected' | 'unknown';
