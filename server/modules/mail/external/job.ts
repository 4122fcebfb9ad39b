// The scheduled fetch of external mail accounts: every minute, the accounts not fetched for
// EXTERNAL_FETCH_INTERVAL_MS are fetched one after another, each claimed just before its fetch (FOR UPDATE SKIP
// LOCKED, so several instances share the work and no claim waits long enough for its lock to run out). Accounts whose login failed wait for their owner to fix them (or fetch by hand).
import { EXTERNAL_FETCH_INTERVAL_MS } from "../../../../shared/mail/external.ts";
import type { AppDeps } from "../../../lib/context.ts";
import type { Job } from "../../../jobs/runner.ts";
import { fetchDueAccounts } from "./fetch.ts";

export function fetchExternalJob(deps: AppDeps): Job {
  return { name: "mail-external-fetch", intervalMs: 60_000, tick: () => fetchDueAccounts(deps, EXTERNAL_FETCH_INTERVAL_MS) };
}
