// A small answer cache in front of the inbound checks' resolver (auth.ts DnsResolver). Mail arrives in runs from
// the same few domains, and every message asks the same SPF, DKIM-key and DMARC questions; a server without
// a caching resolver of its own would wait for the network (and, with the worker pool, cross threads) for
// each. Answers are kept for a fixed time, since node:dns does not hand out TTLs for TXT records: records
// POSITIVE_MS, "no such name / no such record" NEGATIVE_MS; anything else (SERVFAIL, a timeout, a refused
// query) is never kept, so a passing fault is asked again at the next message. Questions asked while the same
// one is on its way share its answer. At most MAX_ENTRIES names, the oldest dropped first.
import type { DnsResolver } from "./auth.ts";

export const POSITIVE_MS = 2 * 60_000;
export const NEGATIVE_MS = 60_000;
const MAX_ENTRIES = 5_000;
/** The error codes of an authoritative "nothing here" (node:dns): worth remembering like an answer. */
const NEGATIVE = new Set(["ENOTFOUND", "ENODATA"]);

type Records = string[][] | string[];
interface Entry {
  answer: Promise<Records>;
  /** Until when the settled answer is used; Infinity while the question is on its way. */
  until: number;
}

export function cachingResolver(resolver: DnsResolver, now: () => number = Date.now): DnsResolver {
  const entries = new Map<string, Entry>();
  return (name, rrtype) => {
    const key = `${rrtype} ${name.toLowerCase()}`;
    const known = entries.get(key);
    if (known && known.until > now()) return known.answer.then(copy);
    entries.delete(key);
    const entry: Entry = { answer: resolver(name, rrtype), until: Infinity };
    entries.set(key, entry);
    if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
    entry.answer.then(
      () => entry.until = now() + POSITIVE_MS,
      (e) => {
        if (NEGATIVE.has((e as { code?: string })?.code ?? "")) entry.until = now() + NEGATIVE_MS;
        else if (entries.get(key) === entry) entries.delete(key);
      },
    );
    return entry.answer.then(copy);
  };
}

/** Each caller gets arrays of its own: the checks may change what they are given. */
function copy(records: Records): Records {
  return records.map((r) => Array.isArray(r) ? [...r] : r) as Records;
}
