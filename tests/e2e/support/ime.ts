// A Korean input method in a real chromium, driven through CDP as an IME drives the page: a syllable composed
// jamo by jamo (Input.imeSetComposition), committed (Input.insertText), and the Enter an IME reports while a
// syllable is still composing (keyCode 229). The browser tests of every composer and editor use it
// (../shared/design/MODULES.md: Enter during composition must neither send twice nor lose the syllable).
import type { Page } from "playwright-core";

export interface KoreanIme {
  /** Shows each step as the composing text, e.g. ["ㅎ", "하", "한"]. */
  compose(steps: string[]): Promise<void>;
  /** Commits the composed syllable. */
  commit(text: string): Promise<void>;
  /** Enter as an IME sends it while a syllable is still composing. */
  enterWhileComposing(): Promise<void>;
}

export async function koreanIme(page: Page): Promise<KoreanIme> {
  const cdp = await page.context().newCDPSession(page);
  return {
    async compose(steps) {
      for (const s of steps) await cdp.send("Input.imeSetComposition", { text: s, selectionStart: s.length, selectionEnd: s.length });
    },
    async commit(text) {
      await cdp.send("Input.insertText", { text });
    },
    async enterWhileComposing() {
      await cdp.send("Input.dispatchKeyEvent", { type: "rawKeyDown", key: "Enter", code: "Enter", windowsVirtualKeyCode: 229, nativeVirtualKeyCode: 229 });
      await cdp.send("Input.dispatchKeyEvent", { type: "keyUp", key: "Enter", code: "Enter", windowsVirtualKeyCode: 229, nativeVirtualKeyCode: 229 });
    },
  };
}
