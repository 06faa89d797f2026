import { withJsonFields } from './json-bytes';
import { memoized } from './memo';
import { type PreparedJson, prepareJsonBytes } from './prepared-json';

/** Forms kept per shared answer: a yes/no field makes two; a per-learner figure is made per request. */
const KEPT_FORMS = 4;
const forms = new WeakMap<PreparedJson, Map<string, PreparedJson>>();

/**
 * Shared bytes with one caller's own fields added (ADR 0048): what every caller sees is cached and
 * serialized once, what is theirs (enrolled or not, progress, a lock to come) is looked up per request
 * and merged here, so a per-learner rule adds a field, not a cache. The few forms most callers share
 * (`{ isEnrolled: true }`) are kept with the shared answer, to be compressed once; others are made
 * for the request.
 */
export function overlaid(shared: PreparedJson, fields: Record<string, unknown>): PreparedJson {
  const key = JSON.stringify(fields);
  const kept = memoized(forms, shared, () => new Map<string, PreparedJson>());
  const known = kept.get(key);
  if (known) return known;
  const made = prepareJsonBytes(withJsonFields(shared.body, fields));
  if (kept.size < KEPT_FORMS) kept.set(key, made);
  return made;
}
