// A card's picture: its photo (GET api/contact/detail/{id}/photo, fetched with the token as an object URL),
// else the first letter of the name on a colour of its own.
import { type QueryClient, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ContactCard } from "@shared/contacts/cards.ts";
import { photoQuery } from "../queries.ts";

export function Avatar({ card, size = 32 }: { card: Pick<ContactCard, "id" | "userName" | "hasPhoto" | "updatedTimeMillis">; size?: number }) {
  revokeRemovedPhotos(useQueryClient());
  const photo = useQuery({ ...photoQuery(card.id, card.updatedTimeMillis), enabled: card.hasPhoto });
  const letter = [...card.userName.trim()][0] ?? "?";
  const hue = [...card.userName].reduce((h, c) => (h * 31 + c.codePointAt(0)!) % 360, 7);
  if (card.hasPhoto && photo.data) {
    return <img className="ct-avatar" src={photo.data} alt="" width={size} height={size} />;
  }
  return (
    <span className="ct-avatar" aria-hidden="true" style={{ width: size, height: size, fontSize: size * 0.45, background: `hsl(${hue} 45% 38%)` }}>
      {letter.toUpperCase()}
    </span>
  );
}

const watched = new WeakSet<QueryClient>();

/** A photo's object URL lives as long as its query: freed when react-query drops it (gcTime). */
function revokeRemovedPhotos(qc: QueryClient) {
  if (watched.has(qc)) return;
  watched.add(qc);
  qc.getQueryCache().subscribe((event) => {
    const q = event.query;
    if (event.type === "removed" && q.queryKey[0] === "contact" && q.queryKey[1] === "photo" && typeof q.state.data === "string") {
      URL.revokeObjectURL(q.state.data);
    }
  });
}
