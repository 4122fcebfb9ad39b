// The popup editor (/board/write/popup/{actionObj}), a signed-in page without the shell, added under the
// popup route by web/src/app/router.tsx.
// deno-lint-ignore no-explicit-any -- the parent route, whatever its exact type
export function boardPopupRoutes(_popupRoute: any) {
  return [] as never[]; // the routes come with the screens
}
