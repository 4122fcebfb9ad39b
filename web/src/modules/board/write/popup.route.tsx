// /board/write/popup/{actionObj}: the post editor in a popup window, without the shell; it sets react-aria's
// locale itself (the shell is not there to).
import { createLazyRoute, useParams } from "@tanstack/react-router";
import { AriaLocale } from "../../../app/AriaLocale.tsx";
import { parseWriteAction } from "../paths.ts";
import { WriteScreen } from "./WriteScreen.tsx";

export const Route = createLazyRoute("/popup/board/write/popup/$actionObj")({ component: WritePopup });

function WritePopup() {
  const { actionObj } = useParams({ strict: false }) as { actionObj?: string };
  return (
    <AriaLocale>
      <WriteScreen action={parseWriteAction(actionObj)} inPopup />
    </AriaLocale>
  );
}
