// The database's changes. Each refreshes every wiki query afterwards (["wiki"]): a property or value shows in
// the database, its rows and an open row document at once (001 §4), and a failure shows its code's text.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { wikiKeys } from "../queries.ts";
import { failed } from "./feedback.ts";

export function useWikiChange<A, R>(fn: (arg: A) => Promise<R>, onDone?: (r: R, arg: A) => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (r, arg) => onDone?.(r, arg),
    onError: failed,
    onSettled: () => qc.invalidateQueries({ queryKey: wikiKeys.all }),
  });
}
