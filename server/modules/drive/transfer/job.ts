// Timed work of the drive's transfer: resumable uploads nobody has sent a byte to for TUS_EXPIRY_MS (a day)
// are removed with their bytes, as are the records of finished ones (upload-store.ts sweep). Each instance
// sweeps its own DATA_DIR/tmp, where its uploads live.
import type { AppDeps } from "../../../lib/context.ts";
import type { Job } from "../../../jobs/runner.ts";
import { uploadStoreOf } from "./upload-store.ts";

export function uploadSweepJob(deps: AppDeps): Job {
  return {
    name: "drive-upload-sweep",
    intervalMs: 60 * 60_000,
    tick: async () => void await uploadStoreOf(deps.config.DATA_DIR).sweep(),
  };
}
