// A link or navigation to a document's page (/wiki/docs/{id}), typed loosely: the document page mounts its route
// through an untyped route function.
export const docLinkProps = (id: number) => ({ to: "/wiki/docs/$docId" as "/wiki", params: { docId: String(id) } as never });
