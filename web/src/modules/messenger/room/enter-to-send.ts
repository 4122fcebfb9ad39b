// Enter sends, Shift+Enter breaks the line, and with a Korean (any) IME an Enter pressed while a syllable is
// still composing sends exactly once, after the syllable is finished (MODULES.md "Korean text"):
// - the IME's Enter (isComposing / keyCode 229) only marks a send as wanted;
// - compositionend, which follows it once the syllable is in the box, sends on the next task;
// - where the IME passes the Enter on after compositionend as a plain one (Korean IMEs on Windows), that plain
//   Enter sends at once and cancels the pending send;
// - an Enter the browser reports again right after (macOS Chrome does) finds that send still pending and does
//   it instead, never a second one; and `submit` sends nothing for an empty box anyway.
import { type CompositionEvent, type KeyboardEvent, useRef } from "react";
import { composing } from "../../../ui/work/ime.ts";

export function useEnterToSend(submit: () => void) {
  const wanted = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const now = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    wanted.current = false;
    submit();
  };
  return {
    onKeyDown(e: KeyboardEvent) {
      // While composing, Windows reports the key as "Process" (keyCode 229); its code still says Enter.
      const isEnter = e.key === "Enter" || (composing(e) && e.code === "Enter");
      if (!isEnter || e.shiftKey || e.altKey || e.ctrlKey || e.metaKey) {
        if (!isEnter) wanted.current = false;
        return;
      }
      if (composing(e)) {
        wanted.current = true;
        return;
      }
      e.preventDefault();
      now();
    },
    onCompositionEnd(_e: CompositionEvent) {
      if (!wanted.current) return;
      wanted.current = false;
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(now, 0);
    },
  };
}
