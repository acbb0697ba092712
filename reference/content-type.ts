/**
 * Is the request declared as JSON? spec §4: `Content-type: application/json`.
 * Parameters are allowed (reference choice: OData clients send `odata=verbose` and the like), except a
 * charset other than UTF-8, since the body is read as UTF-8.
 */
export function isJsonContentType(header: string | undefined): boolean {
  if (header === undefined) return false;
  const [type = '', ...params] = header.split(';');
  if (type.trim().toLowerCase() !== 'application/json') return false;
  return params.every((param) => {
    const eq = param.indexOf('=');
    const name = (eq < 0 ? param : param.slice(0, eq)).trim().toLowerCase();
    if (name !== 'charset') return true;
    const value = (eq < 0 ? '' : param.slice(eq + 1))
      .trim()
      .replace(/^"(.*)"$/, '$1')
      .toLowerCase();
    return value === 'utf-8' || value === 'utf8';
  });
}
