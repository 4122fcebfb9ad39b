// The detail panel's failure texts (002 §8 "Item detail"): a todo.* code's own text when the server gave one
// (404 todo.item_not_found "해당 아이템이 존재하지 않습니다", 403 todo.comment_forbidden, 413, 507 …), else the
// panel's text for what failed (todo:detail.failed.*).
import i18next from "i18next";
import { ApiError, codeOf, paramsOf } from "../../../lib/api.ts";
import { errorText } from "../../../lib/i18n.ts";
import { snackbar } from "../../../app/feedback/snackbar.tsx";

export type DetailFailure =
  | "load" | "content" | "checklistAdd" | "checklistRename" | "checklistCheck" | "checklistDelete"
  | "fileDelete" | "fileDownload" | "upload" | "commentAdd" | "commentEdit" | "commentDelete";

export function detailErrorText(e: unknown, what: DetailFailure): string {
  const code = codeOf(e);
  if (code.startsWith("todo.") && i18next.exists(`todoErrors:${code}`)) return errorText(code, paramsOf(e));
  if (what === "upload" && e instanceof ApiError && e.status === 413) return i18next.t("todo:detail.failed.uploadTooLarge");
  if (code === "common.validation" || code === "common.rate_limited") return errorText(code, paramsOf(e));
  return i18next.t(`todo:detail.failed.${what}`);
}

/** Shows why a change failed, and throws on so the work UI keeps its state (the box's text, the check). A
 *  vanished item's text stays on the board its panel's close leads to. */
export function failAndThrow(what: DetailFailure) {
  return (e: unknown): never => {
    snackbar("ERROR", detailErrorText(e, what), { carry: isItemGone(e) });
    throw e;
  };
}

/** The item is gone (404): its panel closes. */
export const isItemGone = (e: unknown) => codeOf(e) === "todo.item_not_found";
