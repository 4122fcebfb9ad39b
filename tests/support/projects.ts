// The projects of vitest.config.ts, named once for the config, the global set-up and the sequencer.

/** The database tests and the browser journeys, sharing their workers' modules. */
export const SUITE = "suite";

/** A browser journey's file (tests/e2e): it gets the browser and the journeys' database. */
export function isJourney(file: string): boolean {
  return /(^|\/)tests\/e2e\//.test(file);
}
