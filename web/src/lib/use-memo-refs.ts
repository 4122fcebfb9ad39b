// useMemo for a list of inputs whose length may change (the data of a varying number of queries): the value is
// computed again when any input is not the very same (Object.is) as the one before, or when their number
// changed. A time stamp of the queries' data is not enough to tell them apart: two queries answered in the same
// millisecond have the same dataUpdatedAt, and a view going from one to the other would keep the first's items.
import { useRef } from "react";

export function useMemoRefs<T>(compute: () => T, inputs: readonly unknown[]): T {
  const kept = useRef<{ inputs: readonly unknown[]; value: T } | null>(null);
  const k = kept.current;
  if (!k || k.inputs.length !== inputs.length || k.inputs.some((x, i) => !Object.is(x, inputs[i]))) {
    kept.current = { inputs: [...inputs], value: compute() };
  }
  return kept.current!.value;
}
