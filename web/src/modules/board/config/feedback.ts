// The settings' own outcome texts (board:config.msg.*) beside the spec's (board:messages, ../errors.ts): a failed
// call shows its board.* code's text (boardErrors) when the server gave one, or the field rule it broke, else
// the settings' text for what failed.
import i18next from "i18next";
import { codeOf } from "../../../lib/api.ts";
import { snackbar } from "../../../app/feedback/snackbar.tsx";
import { boardErrorText } from "../errors.ts";

export const configText = (key: string, params?: Record<string, unknown>) => i18next.t(`board:config.msg.${key}`, params ?? {});

/** The text of a failed settings call. */
export function configErrorText(e: unknown, fallback: string): string {
  const code = codeOf(e);
  if ((code.startsWith("board.") && i18next.exists(`boardErrors:${code}`)) || code === "common.validation") return boardErrorText(e);
  return configText(fallback);
}

export const configFailed = (e: unknown, fallback: string) => snackbar("ERROR", configErrorText(e, fallback));
export const configDone = (key: string, params?: Record<string, unknown>) => snackbar("SUCCESS", configText(key, params));
