// The board island's write routes, added to the board layout by ../routes.ts (see ../paths.ts for the addresses).
// deno-lint-ignore no-explicit-any -- the parent route, whatever its exact type
export function boardWriteRoutes(_layout: any) {
  return [] as never[]; // the routes come with the screens
}
