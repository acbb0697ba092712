/**
 * A campaign's one Overlay: the observed-overlay.yaml each run wrote for the campaign's document, their actions one
 * after another in the campaign's document order, under one `extends`. Each run's actions edit its own operation's
 * request body schema; two operations whose bodies name one component both edit it, the later run's actions last.
 */
import YAML from 'yaml';
import { isObject } from '../json.js';

export interface OverlayPart {
  id: string;
  text: string;
}

export type JoinedOverlay = { text: string; operations: string[] } | { notWritten: string };

/** The overlays joined, or why not: none to join, or one that is not an Overlay of the same document. */
export function joinOverlays(label: string, parts: readonly OverlayPart[], version: string): JoinedOverlay {
  if (parts.length === 0) return { notWritten: 'no run wrote an overlay' };
  const actions: unknown[] = [];
  const extended = new Set<string>();
  for (const part of parts) {
    const overlay: unknown = YAML.parse(part.text);
    if (!isObject(overlay) || !Array.isArray(overlay.actions) || typeof overlay.extends !== 'string')
      return { notWritten: `${part.id}'s overlay is not an Overlay with actions` };
    extended.add(overlay.extends);
    actions.push(...overlay.actions);
  }
  if (extended.size > 1) return { notWritten: `the runs' overlays extend different documents (${[...extended].join(', ')})` };
  const operations = parts.map((p) => p.id);
  const overlay = {
    overlay: '1.0.0',
    info: {
      title: `What probing ${label} found, operation by operation (subscription-conformance)`,
      version,
      description:
        `Applied to the document it extends, each request body schema of ${operations.join(', ')} accepts the bodies the ` +
        'target accepted and refuses those it refused, among those the probe sent: the overlays of their runs, joined.',
    },
    extends: [...extended][0] ?? label,
    actions,
  };
  // YAML 1.1 quotes what a 1.1 reader would take for another type, as each run's overlay does.
  return { text: YAML.stringify(overlay, { lineWidth: 0, aliasDuplicateObjects: false, version: '1.1' }), operations };
}
