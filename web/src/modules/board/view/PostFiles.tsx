// The post's files (001 §3 "Post" files): name and size, saved through the API with the bearer (GET file/{id}
// ?download=1, the name from Content-Disposition); images show a preview from their signed inlineUrl.
import { useTranslation } from "react-i18next";
import type { BoardFile } from "@shared/board/posts.ts";
import { formatBytes } from "../../../lib/bytes.ts";
import { saveBlob } from "../../../lib/download.ts";
import { Button } from "../../../ui/Button.tsx";
import * as boardApi from "../api.ts";
import { failed } from "./feedback.ts";

export async function saveFile(file: BoardFile) {
  try {
    const { blob, name } = await boardApi.fileBytes(file.id, file.name);
    saveBlob(blob, name);
  } catch (e) {
    failed(e, "downloadFailed");
  }
}

export function PostFiles({ files }: { files: BoardFile[] }) {
  const { t, i18n } = useTranslation("board");
  return (
    <section className="bv-files" aria-labelledby="bv-files-title">
      <h2 id="bv-files-title" className="bv-section-title">{t("view.files", { count: files.length })}</h2>
      <ul className="bv-file-list">
        {files.map((f) => (
          <li key={f.id} className="bv-file">
            {f.inlineUrl && <img className="bv-file-preview" src={f.inlineUrl} alt={t("view.preview", { name: f.name })} loading="lazy" />}
            <span className="bv-file-name">{f.name}</span>
            <span className="bv-muted bv-file-size">{formatBytes(f.size, i18n.language)}</span>
            <Button variant="secondary" className="bv-small" aria-label={t("view.download", { name: f.name })} onPress={() => void saveFile(f)}>
              {t("view.save")}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
