// The order test files start in: each kind's files (browser journeys, database tests) as vitest orders them
// (unknown and larger first, then failed and longer first, by its cache), the two lists merged so that each has
// started the same share of its files at any time; the isolated project's files first (its 28 s file last left
// one worker idle at the end). Ordered by kind alone, the browser journeys would all run first, two at a time, each
// then about a quarter slower than beside a database test (the one chromium and the two cores shared by two
// journeys), and the database tests all at the end.
import { BaseSequencer, type TestSpecification } from "vitest/node";
import { isJourney, SUITE } from "./projects.ts";

export default class MixedSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const suite = files.filter((f) => f.project.name === SUITE);
    const others = files.filter((f) => f.project.name !== SUITE);
    const lists = [
      await super.sort(suite.filter((f) => isJourney(f.moduleId))),
      await super.sort(suite.filter((f) => !isJourney(f.moduleId))),
    ].filter((l) => l.length > 0);
    const taken = lists.map(() => 0);
    const out: TestSpecification[] = [];
    while (out.length < suite.length) {
      let next = -1;
      for (let i = 0; i < lists.length; i++) {
        if (taken[i] === lists[i].length) continue;
        if (next < 0 || taken[i] / lists[i].length < taken[next] / lists[next].length) next = i;
      }
      out.push(lists[next][taken[next]++]);
    }
    return [...(others.length ? await super.sort(others) : []), ...out];
  }
}
