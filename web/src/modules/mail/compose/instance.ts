// Which compose screen a write route shows. The composer switches the route to the draft it just saved
// (000 §4) and announces that switch first (handOver): the route then keeps its instance, so the form is not
// remounted and the cursor, selection and uploads in progress stay. Any other route change is a new instance.
import { useCallback, useEffect, useRef, useState } from "react";
import { encodeAction, parseWriteAction, type WriteAction } from "../route-params.ts";

/** One spelling per write action, however the route wrote it. */
const normal = (raw: string | undefined) => JSON.stringify(parseWriteAction(raw));

export function useComposeInstance(actionObj: string | undefined): { instance: string; handOver(to: WriteAction): void } {
  const action = normal(actionObj);
  const expected = useRef<string | null>(null);
  const [shown, setShown] = useState({ action, n: 0 });
  let cur = shown;
  if (shown.action !== action) {
    // A route change during render: derive the instance now (React re-renders before committing).
    cur = { action, n: expected.current === action ? shown.n : shown.n + 1 };
    setShown(cur);
  }
  // A hand-over is good for the one route change it announced.
  useEffect(() => {
    expected.current = null;
  }, [action]);
  const handOver = useCallback((to: WriteAction) => {
    expected.current = normal(encodeAction(to));
  }, []);
  return { instance: String(cur.n), handOver };
}
