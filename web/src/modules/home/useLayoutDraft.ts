// A layout being arranged (the user's home, the admin's company default): each change shows at once as the draft
// and is saved SAVE_DELAY_MS after the last one (a run of arrow keys is one PUT); the draft goes once the answer
// to the last change came back, or at a refusal (which says why).
import { useMutation } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import type { Widget } from "@shared/home/widgets.ts";
import { snackbar } from "../../app/feedback/snackbar.tsx";
import { codeOf, paramsOf } from "../../lib/api.ts";
import { errorText } from "../../lib/i18n.ts";

export const SAVE_DELAY_MS = 300;

export function useLayoutDraft<A>(save: (widgets: Widget[]) => Promise<A>, onSaved: (answer: A, last: boolean) => void) {
  const [draft, setDraft] = useState<Widget[] | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const sent = useRef<Widget[] | null>(null);
  useEffect(() => () => clearTimeout(timer.current), []);
  const saving = useMutation({
    mutationFn: save,
    onSuccess: (answer, asked) => {
      const last = sent.current === asked;
      onSaved(answer, last);
      if (last) setDraft(null);
    },
    onError: (e) => {
      snackbar("ERROR", errorText(codeOf(e), paramsOf(e)));
      setDraft(null);
    },
  });
  const change = (next: Widget[]) => {
    setDraft(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      sent.current = next;
      saving.mutate(next);
    }, SAVE_DELAY_MS);
  };
  return {
    draft,
    change,
    /** A change still to be sent, or on its way. */
    pending: saving.isPending || draft !== null,
    /** Drops a change not yet sent (before a reset). */
    cancel: () => clearTimeout(timer.current),
    /** Forgets the draft (a reset answered). */
    clear: () => setDraft(null),
  };
}
