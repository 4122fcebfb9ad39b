// Validates the whole line list on the fly (POST appr-line/approver/list/validate, 002 §5) a moment after each
// change, and answers each line's error codes by its position in flatten(lines).
import { useEffect, useState } from "react";
import type { LineCheck } from "@shared/approval/lines.ts";
import { ApiError } from "../../../lib/api.ts";
import { validateLines } from "./api.ts";
import { type EditorLine, toLineInputs } from "./model.ts";

const DELAY_MS = 250;

/** Line errors from a failed call: params.lines[i].errors (a 400 of line validation), else none. */
export function lineErrorsOf(e: unknown): string[][] | null {
  if (!(e instanceof ApiError)) return null;
  const lines = e.params.lines;
  return Array.isArray(lines) ? lines.map((l) => (Array.isArray(l?.errors) ? l.errors.map(String) : [])) : null;
}

export function useLineChecks(draftOrganId: number | null, lines: EditorLine[]) {
  const [state, setState] = useState<{ for: EditorLine[]; errors: string[][]; failed: boolean }>({ for: [], errors: [], failed: false });
  useEffect(() => {
    if (!draftOrganId || !lines.length) {
      setState({ for: lines, errors: [], failed: false });
      return;
    }
    const ctl = new AbortController();
    const id = setTimeout(() => {
      validateLines(draftOrganId, toLineInputs(lines), ctl.signal).then(
        (checks: LineCheck[]) => setState({ for: lines, errors: checks.map((c) => c.errors ?? []), failed: false }),
        (e) => {
          if (ctl.signal.aborted) return;
          const errs = lineErrorsOf(e);
          setState({ for: lines, errors: errs ?? [], failed: !errs });
        },
      );
    }, DELAY_MS);
    return () => {
      clearTimeout(id);
      ctl.abort();
    };
  }, [draftOrganId, lines]);
  const current = state.for === lines;
  return { errors: current ? state.errors : [], checking: !current, failed: current && state.failed };
}
