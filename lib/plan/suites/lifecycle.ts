/**
 * 07-lifecycle: what can be done to what a create made (read it, list it, renew it, change its fields, delete it).
 * It applies to whatever the operation creates; its renewal is a subscription's, and asks nothing where the body has
 * no lifetime to renew.
 */
import { NO_DELETE_PATH, undoPlan } from '../../create/undo-plan.js';
import { MAX_PATCHED_FIELDS, RENEW_FIELD, RENEW_MINUTES } from '../../lifecycle/bounds.js';
import { LIST_BOUNDS } from '../../lifecycle/list-walk.js';
import { defaultMaxSteps } from '../../values/find-limit.js';
import { caseIds } from '../case-ids.js';
import { always, one, type PlannedCase, type SuiteDescriptor } from './descriptor.js';

export const lifecycleSuite: SuiteDescriptor = {
  id: '07-lifecycle',
  appliesTo: always,
  cases: (settings) => {
    const op = settings.target.operation;
    // The same decision the run makes (a Location seen during the run may still give one then).
    const none = undoPlan(settings.target).cleanup === undefined ? `no delete path known before the run (${NO_DELETE_PATH})` : undefined;
    const pages = LIST_BOUNDS.maxPages;
    const lifetime = op.limits?.find((l) => l.field === RENEW_FIELD && l.unit === 'minutes');
    // The longest renewal is searched up from the first renewal when it was accepted (at most to the longest lifetime a
    // create got, plus one, else to the limit's high), down to 1 minute when it was refused (lib/lifecycle/findings.ts):
    // a budget, of which a lifetime the create's answer states spends a few asks.
    const renewSteps =
      lifetime === undefined ? 0 : Math.max(defaultMaxSteps(RENEW_MINUTES, lifetime.high + 1), defaultMaxSteps(1, RENEW_MINUTES));
    const hasRenewField = op.fields.some((f) => f.name === RENEW_FIELD);
    const patched = op.fields.filter((f) => f.name !== RENEW_FIELD).slice(0, MAX_PATCHED_FIELDS).length;
    const renew: PlannedCase = {
      ...one(caseIds.lifecycle('renew'), { requests: hasRenewField ? 2 + renewSteps : 0, creates: 0 }, none),
      budget: true,
    };
    return [
      // The subscription the cases follow is created by the first: its create, and a DELETE at the end if a case left it.
      one(caseIds.lifecycle('read'), { requests: 1 + 1 + 1, creates: 1 }, none),
      one(caseIds.lifecycle('list'), { requests: pages, creates: 0 }, none),
      renew,
      one(caseIds.lifecycle('patch-fields'), { requests: 2 + patched * 2, creates: 1 }, none),
      one(caseIds.lifecycle('delete'), { requests: 3 + pages, creates: 0 }, none),
      one(caseIds.lifecycle('states'), { requests: 0, creates: 0 }),
    ];
  },
};
