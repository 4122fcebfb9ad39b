// Favourites: a toggle on an assistant (POST favorites, DELETE favorites/{id}); the list's flag and the
// favourites follow. 002 §8: "failed to add or delete a favorite".
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { AssistantSummary, Favorite } from "@shared/assistant/api.ts";
import { snackbar } from "../../../app/feedback/snackbar.tsx";
import { addFavorite, fetchFavorites, removeFavorite } from "../api.ts";
import { favoritesQuery, listQuery } from "../queries.ts";

export function useFavoriteToggle() {
  const { t } = useTranslation("assistant");
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (a: Pick<AssistantSummary, "id" | "title" | "favorite">) => {
      if (a.favorite) {
        const favs = qc.getQueryData<Favorite[]>(favoritesQuery.queryKey) ?? await fetchFavorites();
        const fav = favs.find((f) => f.assistantId === a.id);
        if (fav) await removeFavorite(fav.id);
        return { id: a.id, favorite: false };
      }
      await addFavorite(a.id, a.title);
      return { id: a.id, favorite: true };
    },
    onSuccess: ({ id, favorite }) => {
      qc.setQueryData<AssistantSummary[]>(listQuery.queryKey, (l) => l?.map((x) => (x.id === id ? { ...x, favorite } : x)));
      qc.setQueryData<AssistantSummary>(["assistant", "detail", id], (d) => (d ? { ...d, favorite } : d));
      void qc.invalidateQueries({ queryKey: favoritesQuery.queryKey });
    },
    onError: () => snackbar("ERROR", t("favorite.failed")),
  });
}
