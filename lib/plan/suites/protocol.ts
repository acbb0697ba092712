/** 05-protocol: the request around the body (authentication, malformed bodies, content types, versions, methods). */
import { AUTH_VARIANTS } from '../../protocol/auth.js';
import { caseIds, CONTENT_CASES, MALFORMED_BODIES, OTHER_VERSIONS } from '../case-ids.js';
import { always, CREATE, one, type SuiteDescriptor } from './descriptor.js';

export const protocolSuite: SuiteDescriptor = {
  id: '05-protocol',
  appliesTo: always,
  cases: (settings, { embedded }) => {
    const op = settings.target.operation;
    const versioned = /^(.*?\/)v\d+\.\d+\/(.*)$/.test(op.path);
    // A create elsewhere (another version, PUT or PATCH on the collection) is undone at two paths at most.
    const elsewhere = { requests: 3, creates: 1 };
    const writes = embedded || settings.target.probeWriteMethods ? undefined : 'PROBE_WRITE_METHODS is not set';
    return [
      one(caseIds.wellFormed, { requests: 0, creates: 0 }),
      ...AUTH_VARIANTS.flatMap((v) => [one(caseIds.auth(v.id), CREATE), one(caseIds.authRefusal(v.id), { requests: 0, creates: 0 })]),
      ...MALFORMED_BODIES.map((id) => one(caseIds.malformed(id), CREATE)),
      ...CONTENT_CASES.map((id) => one(caseIds.content(id), CREATE)),
      one(caseIds.specVersion, CREATE),
      ...OTHER_VERSIONS.map((id) =>
        one(caseIds.version(id), elsewhere, versioned ? undefined : `the operation path ${op.path} has no version segment`),
      ),
      one(caseIds.method('GET'), { requests: 1, creates: 0 }),
      one(caseIds.method('PUT'), elsewhere, writes),
      one(caseIds.method('PATCH'), elsewhere, writes),
      one(caseIds.method('DELETE'), { requests: 1, creates: 0 }, writes),
    ];
  },
};
