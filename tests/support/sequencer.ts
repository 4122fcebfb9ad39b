// The order test files start in: each project's files as vitest orders them (unknown and larger first, then
// failed and longer first, by its cache), the two projects' lists merged so that each has started the same
// share of its files at any time. vitest's own order runs the projects one after the other: the browser
// journeys all first, two at a time, each then about a quarter slower than beside a database test (the one
// chromium and the two cores shared by two journeys), and the database tests all at the end.
import { BaseSequencer, type TestSpecification } from "vitest/node";

export default class MixedSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const byProject = new Map<string, TestSpecification[]>();
    for (const f of files) byProject.set(f.project.name, [...(byProject.get(f.project.name) ?? []), f]);
    const lists: TestSpecification[][] = [];
    for (const list of byProject.values()) lists.push(await super.sort(list));
    const taken = lists.map(() => 0);
    const out: TestSpecification[] = [];
    while (out.length < files.length) {
      let next = -1;
      for (let i = 0; i < lists.length; i++) {
        if (taken[i] === lists[i].length) continue;
        if (next < 0 || taken[i] / lists[i].length < taken[next] / lists[next].length) next = i;
      }
      out.push(lists[next][taken[next]++]);
    }
    return out;
  }
}
