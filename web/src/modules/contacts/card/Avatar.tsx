// A card's picture: its photo (GET api/contact/detail/{id}/photo, fetched with the token as an object URL),
// else the first letter of the name on a colour of its own.
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import type { ContactCard } from "@shared/contacts/cards.ts";
import { photoQuery } from "../queries.ts";

export function Avatar({ card, size = 32 }: { card: Pick<ContactCard, "id" | "userName" | "hasPhoto" | "updatedTimeMillis">; size?: number }) {
  const photo = useQuery({ ...photoQuery(card.id, card.updatedTimeMillis), enabled: card.hasPhoto });
  useEffect(() => () => {
    if (photo.data) setTimeout(() => URL.revokeObjectURL(photo.data!), 60_000);
  }, [photo.data]);
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
