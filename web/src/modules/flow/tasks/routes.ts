// Flow's tasks routes, added to the island's layout by ../routes.ts. Filled in by issue 30's build.

// deno-lint-ignore no-explicit-any -- the parent route, whatever its exact type
export function flowTaskRoutes(_layout: any) {
  return [] as never[];
}
