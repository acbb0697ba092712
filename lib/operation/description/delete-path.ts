/**
 * The one place a created thing's id becomes a DELETE path: the description's template with its
 * `{id}` replaced by the id, percent-encoded so that an id cannot add path segments or a query.
 */
const ID_PLACEHOLDER = '{id}';

export function expandDeletePath(template: string, id: string): string {
  return template.replace(ID_PLACEHOLDER, encodeURIComponent(id));
}
