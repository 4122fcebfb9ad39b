// Keyboard helpers of the work UI's text boxes: an Enter pressed while an IME (Korean, Japanese, Chinese) is still
// composing a syllable belongs to the IME, never to the form (it would submit half a word).
import type { KeyboardEvent } from "react";

/** The key event is part of an IME composition (Chrome and Safari report keyCode 229 while composing). */
export function composing(e: KeyboardEvent): boolean {
  return e.nativeEvent.isComposing || e.keyCode === 229;
}

/** A plain Enter (no Shift, no composition): the box's "submit". */
export function isSubmitEnter(e: KeyboardEvent): boolean {
  return e.key === "Enter" && !e.shiftKey && !composing(e);
}
