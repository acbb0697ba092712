/**
 * A small multi-operation target for the campaign's self-test: one embedded reference service per operation, each
 * a rule profile (a body accepted exactly where its presence rule holds) at that operation's path, behind one
 * loopback router that sends each request to the service whose path it is under. The router knows nothing of
 * fields: every answer is the reference's own.
 */
import http from 'node:http';
import { listen } from '../../lib/net/listen.js';
import { ruleProfile, startReferenceService, type ReferenceService } from '../../reference/index.js';

export interface ServedRule {
  path: string;
  method: string;
  fields: string[];
  rule: string;
  /** The one token this operation's service accepts; default the target's. */
  token?: string;
}

export interface CampaignTarget {
  url: string;
  /** Requests each operation's service got, by path, the router's forwarding included; for a path no service has, the router's 404s under it. */
  requests(path: string): number;
  close(): Promise<void>;
}

export async function startCampaignTarget(rules: readonly ServedRule[], token: string): Promise<CampaignTarget> {
  const services = new Map<string, ReferenceService>();
  for (const r of rules) {
    const profile = ruleProfile(r.fields, r.rule, { name: `campaign ${r.path}`, operation: { path: r.path, method: r.method } });
    services.set(r.path, await startReferenceService({ profile, tokens: [r.token ?? token] }));
  }
  const serviceFor = (url: string): ReferenceService | undefined => {
    const path = url.split('?')[0] ?? '';
    const key = [...services.keys()].find((p) => path === p || path.startsWith(`${p}/`));
    return key === undefined ? undefined : services.get(key);
  };
  const missed: string[] = [];
  const router = http.createServer((req, res) => {
    const service = serviceFor(req.url ?? '/');
    if (service === undefined) {
      missed.push((req.url ?? '/').split('?')[0] ?? '');
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"code":"itemNotFound","message":"no such path"}}');
      return;
    }
    const forward = http.request(`${service.url}${req.url ?? '/'}`, { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    forward.on('error', () => res.writeHead(502).end());
    req.pipe(forward);
  });
  const { url } = await listen(router, {}, 'campaign target');
  return {
    url,
    requests: (path) => services.get(path)?.stats().requests ?? missed.filter((p) => p === path || p.startsWith(`${path}/`)).length,
    close: async () => {
      await new Promise<void>((done) => router.close(() => done()));
      for (const service of services.values()) await service.close();
    },
  };
}
