// A burst of events handled once: each pushed item waits `ms` for the next; when none comes, `flush` gets them
// all (the realtime hooks of boards, the wiki, to-do and flow refetch once for a burst of changes). `flush` is
// read when it runs, so it may change between renders.
import { useEffect, useRef } from "react";

export function useBurst<T>(ms: number, flush: (items: T[]) => void): (item: T) => void {
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const pending = useRef<T[]>([]);
  const onFlush = useRef(flush);
  onFlush.current = flush;
  useEffect(() => () => clearTimeout(timer.current), []);
  return (item: T) => {
    pending.current.push(item);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const items = pending.current;
      pending.current = [];
      onFlush.current(items);
    }, ms);
  };
}
