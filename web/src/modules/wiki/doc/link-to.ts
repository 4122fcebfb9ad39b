// The router's link to a document (paths.ts docPath's route), for <Link {...docLinkTo(id)}> and navigate(); typed
// as the island's layout (as the boards' links are), the route's own params given as they are.
export const docLinkTo = (id: number | string) => ({ to: "/wiki/docs/$docId" as "/wiki", params: { docId: String(id) } as never });
