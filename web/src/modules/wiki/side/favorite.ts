// Adding and removing a favourite (001 §8 "Wiki": 즐겨찾기에 추가했습니다 / 추가하지 못했습니다, 삭제했습니다 /
// 삭제하지 못했습니다: wiki:common.*), then the favourites refetched (001 §4).
import { useQueryClient } from "@tanstack/react-query";
import { addFavorite, removeFavorite } from "../api.ts";
import { failed, succeeded } from "../errors.ts";
import { wikiKeys } from "../queries.ts";

export function useFavoriteToggle() {
  const qc = useQueryClient();
  /** Adds documentId to the favourites, or (favoriteId given) removes that favourite. */
  return async (documentId: number, favoriteId: number | null) => {
    try {
      if (favoriteId === null) await addFavorite(documentId);
      else await removeFavorite(favoriteId);
      succeeded(favoriteId === null ? "common.favoriteAdded" : "common.favoriteRemoved");
    } catch (e) {
      failed(e, favoriteId === null ? "common.favoriteAddFailed" : "common.favoriteRemoveFailed");
    } finally {
      await qc.invalidateQueries({ queryKey: wikiKeys.favorites });
    }
  };
}
