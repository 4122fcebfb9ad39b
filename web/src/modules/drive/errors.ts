// Texts of the drive's outcomes: the server's drive.* codes (001 §8 "Drive"; shared/drive/errors.ts) from the
// drive namespace's "errors" (drive:errors.drive.65 ...), the common texts for the rest (validation, 404,
// 500). drive.74 names the largest size; a 507 without a drive code is "capacity exceeded" as well.
import i18next from "i18next";
import { MAX_FILE_SIZE } from "@shared/drive/constants.ts";
import { ApiError, codeOf } from "../../lib/api.ts";
import { errorText } from "../../lib/i18n.ts";
import { formatBytes } from "../../lib/bytes.ts";
import { snackbar } from "../../app/feedback/snackbar.tsx";

export function driveErrorText(e: unknown): string {
  let code = codeOf(e);
  if (e instanceof ApiError && e.status === 507) code = "drive.73";
  if (e instanceof ApiError && e.status === 413 && !code.startsWith("drive.")) code = "drive.74";
  if (code.startsWith("drive.") && i18next.exists(`drive:errors.${code}`)) {
    const size = e instanceof ApiError && typeof e.params.size === "number" ? e.params.size : MAX_FILE_SIZE;
    return i18next.t(`drive:errors.${code}`, { size: formatBytes(size, i18next.language) });
  }
  const field = e instanceof ApiError ? e.fieldErrors.flatMap((f) => [f.code, f.message]).find((m) => m?.startsWith("drive.") && i18next.exists(`drive:errors.${m}`)) : undefined;
  if (field) return i18next.t(`drive:errors.${field}`);
  return errorText(code, e instanceof ApiError ? e.params : {});
}

/** The toast of a failed call. */
export function failed(e: unknown) {
  snackbar("ERROR", driveErrorText(e));
}
