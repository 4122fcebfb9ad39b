// A message's files: images inline (fetched with the session's token, shown from an object URL; a click opens
// the full picture), other files as cards with their size and a download button.
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { MessengerFile } from "@shared/messenger/api.ts";
import { Button } from "react-aria-components";
import { authorized, downloadName } from "../../../lib/api.ts";
import { saveBlob } from "../../../lib/download.ts";
import { formatBytes } from "../../../lib/bytes.ts";
import { downloadUrl } from "../api.ts";
import { SvgIcon } from "../../../ui/icons.tsx";

const FILE = "M14 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V8zM14 2v6h6M8 13h8M8 17h5";
const DOWNLOAD = "M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4M7 10l5 5 5-5M12 15V3";
const isImage = (f: MessengerFile) => f.contentType.startsWith("image/") && f.contentType !== "image/svg+xml";

function useObjectUrl(f: MessengerFile) {
  return useQuery({
    queryKey: ["messenger", "file", f.id],
    queryFn: async ({ signal }) => URL.createObjectURL(await (await authorized(f.url, { signal })).blob()),
    staleTime: Infinity,
    gcTime: 30 * 60_000,
  });
}

function InlineImage({ file }: { file: MessengerFile }) {
  const src = useObjectUrl(file).data;
  const ratio = file.width && file.height ? `${file.width} / ${file.height}` : undefined;
  return (
    <a className="msg-image" href={src} target="_blank" rel="noopener noreferrer" style={{ aspectRatio: ratio }}>
      {src ? <img src={src} alt={file.name} /> : <span className="msg-muted">{file.name}</span>}
    </a>
  );
}

async function download(f: MessengerFile) {
  const res = await authorized(downloadUrl(f));
  saveBlob(await res.blob(), downloadName(res, f.name));
}

export function Files({ files }: { files: MessengerFile[] }) {
  const { t, i18n } = useTranslation("messenger");
  return (
    <div className="msg-files">
      {files.map((f) =>
        isImage(f)
          ? <InlineImage key={f.id} file={f} />
          : (
            <div key={f.id} className="msg-file">
              <span className="msg-file-icon"><SvgIcon d={FILE} size={22} /></span>
              <span className="msg-file-main">
                <span className="msg-file-name">{f.name}</span>
                <span className="msg-muted">{formatBytes(f.size, i18n.language)}</span>
              </span>
              <Button className="btn btn-secondary msg-file-download" aria-label={t("file.downloadNamed", { name: f.name })}
                onPress={() => void download(f)}><SvgIcon d={DOWNLOAD} size={18} /></Button>
            </div>
          )
      )}
    </div>
  );
}
