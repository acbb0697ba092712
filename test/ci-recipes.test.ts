/**
 * The CI recipes hold no long-lived token. The nightly GitHub workflow authenticates with the
 * job's OIDC token (federated credential), the GitLab example with its id_tokens; neither passes a token.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { parse } from 'yaml';

const ROOT = new URL('..', import.meta.url);
const read = (path: string): { text: string; doc: Record<string, unknown> } => {
  const text = readFileSync(new URL(path, ROOT), 'utf8');
  return { text, doc: parse(text) as Record<string, unknown> };
};
/** The YAML without comments: what CI runs. */
const live = (text: string): string => text.split('\n').filter((l) => !l.trim().startsWith('#')).join('\n');

test('the nightly workflow gets its token by workload identity federation: id-token: write, ids as variables, no token secret', () => {
  const { text, doc } = read('.github/workflows/nightly-conformance.yml');
  expect(doc.permissions).toEqual({ contents: 'read', 'id-token': 'write' });
  const probe = (doc.jobs as Record<string, { env?: Record<string, string> }>).probe;
  expect(probe?.env).toMatchObject({ TENANT_ID: '${{ vars.TENANT_ID }}', CLIENT_ID: '${{ vars.CLIENT_ID }}', SCOPE: '${{ vars.SCOPE }}' });
  const running = live(text);
  expect(running).not.toMatch(/ACCESS_TOKEN|CLIENT_SECRET/);
  // The only secret left is where the service is.
  expect([...running.matchAll(/secrets\.(\w+)/g)].map((m) => m[1])).toEqual(['STAGING_BASE_URL']);
  // The certificate variant is documented beside it.
  expect(text).toMatch(/# .*CLIENT_CERTIFICATE_FILE/);
});

test("the GitLab example uses the job's id_tokens with Entra's audience as the client assertion", () => {
  const { text, doc } = read('ci/gitlab-ci.example.yml');
  const probe = doc.probe as { id_tokens?: Record<string, { aud?: string }>; variables?: Record<string, string> };
  expect(Object.values(probe.id_tokens ?? {}).map((t) => t.aud)).toEqual(['api://AzureADTokenExchange']);
  expect(probe.variables?.CLIENT_ASSERTION_FILE).toBeDefined();
  expect(live(text)).not.toMatch(/ACCESS_TOKEN|CLIENT_SECRET/);
});
