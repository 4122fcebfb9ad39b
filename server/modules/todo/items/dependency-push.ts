// Gantt dependencies push (finish-to-start, todo_dependencies): after an item's TIMELINE changed on the column
// the gantt uses, every successor whose start is not after its predecessor's end moves later, keeping its
// length, to start the day after; transitively, inside the caller's transaction. Successors without a timeline
// stay. Answers the ids of the items moved.
import type { DbOrTx } from "../../../../db/client.ts";
import { boardDependencies, cellsOf, writeCell } from "./repo.ts";

type Span = { start: string; end: string };
const DAY = 86_400_000;
const toMs = (d: string) => Date.UTC(Number(d.slice(0, 4)), Number(d.slice(5, 7)) - 1, Number(d.slice(8, 10)));
const toDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const isSpan = (v: unknown): v is Span =>
  typeof v === "object" && v !== null && typeof (v as Span).start === "string" && typeof (v as Span).end === "string";

export async function pushSuccessors(db: DbOrTx, boardId: number, columnKey: string, fromItemId: number, now: Date): Promise<number[]> {
  const links = await boardDependencies(db, boardId);
  if (links.length === 0) return [];
  const next = new Map<number, number[]>();
  for (const l of links) next.set(l.from, [...(next.get(l.from) ?? []), l.to]);
  // The items reachable from the changed one, with their spans.
  const reach = new Set<number>([fromItemId]);
  const stack = [fromItemId];
  while (stack.length) {
    for (const to of next.get(stack.pop()!) ?? []) {
      if (!reach.has(to)) {
        reach.add(to);
        stack.push(to);
      }
    }
  }
  if (reach.size === 1) return [];
  const spans = new Map<number, Span>();
  for (const [id, v] of await cellsOf(db, [...reach], columnKey)) if (isSpan(v)) spans.set(id, v);
  const moved = new Set<number>();
  const queue = [fromItemId];
  // Each item moves only later, and dependencies have no cycles (boards/ refuses them): this ends; the guard
  // caps it in any case.
  let steps = 0;
  while (queue.length && steps++ < 100_000) {
    const id = queue.shift()!;
    const pred = spans.get(id);
    if (!pred) continue;
    for (const to of next.get(id) ?? []) {
      const succ = spans.get(to);
      if (!succ || to === fromItemId) continue;
      if (toMs(succ.start) > toMs(pred.end)) continue;
      const shift = toMs(pred.end) + DAY - toMs(succ.start);
      spans.set(to, { start: toDay(toMs(succ.start) + shift), end: toDay(toMs(succ.end) + shift) });
      moved.add(to);
      queue.push(to);
    }
  }
  for (const id of moved) await writeCell(db, id, columnKey, spans.get(id), now);
  return [...moved];
}
