// The assistant's timed job: answers left RUNNING by an instance that died (no write for STALE_MS) become
// FAILED, so their chats are usable again (generation.ts failStaleAnswers). Its first run is at start-up.
import type { AppDeps } from "../../lib/context.ts";
import type { Job } from "../../jobs/runner.ts";
import { failStaleAnswers } from "./generation.ts";

export function assistantJobs(deps: AppDeps): Job[] {
  return [{ name: "assistant-stale-answers", intervalMs: 15_000, tick: () => failStaleAnswers(deps) }];
}
