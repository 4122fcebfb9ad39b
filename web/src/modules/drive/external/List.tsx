// The external drive's lists (001 §2): the my and shared tabs, a folder, and search results; folders first,
// then the newest (Google's order); each row with its category icon, owner, modified time and size, a link that
// opens it in Google (webViewLink, a new tab) and a download (Google Docs exported to Office formats). More
// rows load with "show more" (Google's pages). The account and "disconnect" head the screen. A failed list says
// why (drive.63 and the reason); an expired grant offers to connect again.
import { useInfiniteQuery, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useParams } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import type { ExternalDriveType, ExternalFile, ExternalTab } from "@shared/drive/external.ts";
import { formatBytes } from "../../../lib/bytes.ts";
import { saveBlob } from "../../../lib/download.ts";
import { paramsOf } from "../../../lib/api.ts";
import { snackbar } from "../../../app/feedback/snackbar.tsx";
import { Button } from "../../../ui/Button.tsx";
import { SvgIcon } from "../../../ui/icons.tsx";
import * as ext from "./api.ts";
import { extErrorText, useConnect, useDisconnect } from "./connect.ts";
import { CategoryIcon, EXT_ICONS } from "./icons.tsx";
import { EXTERNAL_PATHS, parseSearch } from "./routes.ts";
import { SearchForm } from "./SearchForm.tsx";

export function ExternalList() {
  const { t, i18n } = useTranslation("drive");
  const qc = useQueryClient();
  const p = useParams({ strict: false }) as { externalType: ExternalDriveType; tabId?: string; folderId?: string; actionObj?: string };
  const type = p.externalType;
  const search = p.actionObj !== undefined ? parseSearch(p.actionObj) : null;
  const tab: ExternalTab = p.tabId === "shared" ? "shared" : "my";
  const params = search ? { tab: "my" as const, search } : { tab, folderId: p.folderId };
  const token = useQuery(ext.tokenQuery(type)).data;
  const files = useInfiniteQuery(ext.filesQuery(params));
  const disconnect = useDisconnect(type);
  const { connect, busy } = useConnect(type);
  const list = files.data?.pages.flatMap((pg) => pg.files) ?? [];
  const folder = files.data?.pages[0]?.folder ?? null;
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" });
  const invalidToken = paramsOf(files.error).reason === "INVALID_TOKEN";
  const title = search ? t("external.search.results") : folder ? folder.name : t(`external.tab.${tab}`);

  async function download(f: ExternalFile) {
    try {
      const { blob, name } = await ext.download(f.id, f.name);
      saveBlob(blob, name);
    } catch (e) {
      snackbar("ERROR", extErrorText(e));
      if (paramsOf(e).reason === "INVALID_TOKEN") void qc.invalidateQueries({ queryKey: ext.extKeys.token(type) });
    }
  }

  return (
    <section className="dx-list" aria-labelledby="dx-title">
      <header className="dx-head">
        <div className="dx-head-title">
          <span className="dx-brand"><SvgIcon d={EXT_ICONS.cloud} size={22} /> {t("external.title")}</span>
          {token?.email && <span className="dx-account">{t("external.account", { email: token.email })}</span>}
        </div>
        <Button variant="secondary" onPress={() => void disconnect()}>{t("external.disconnect")}</Button>
      </header>
      <nav className="dx-tabs" aria-label={t("external.tabs")}>
        {(["my", "shared"] as const).map((id) => (
          <Link key={id} to={EXTERNAL_PATHS.tab} params={{ externalType: type, tabId: id } as never} className="dx-tab"
            aria-current={!search && !p.folderId && tab === id ? "page" : undefined}>
            {t(`external.tab.${id}`)}
          </Link>
        ))}
      </nav>
      <SearchForm key={p.actionObj ?? ""} type={type} current={search} />
      {(folder || search) && (
        <nav className="dx-crumbs" aria-label={t("external.crumbs")}>
          <Link to={EXTERNAL_PATHS.tab} params={{ externalType: type, tabId: tab } as never}>{t(`external.tab.${search ? "my" : tab}`)}</Link>
          <span aria-hidden="true"> › </span>
          <span aria-current="page">{title}</span>
        </nav>
      )}
      <h1 id="dx-title" className="dx-title">{title}</h1>
      {files.isError
        ? (
          <div className="dx-failed" role="alert">
            <p>{extErrorText(files.error)}</p>
            {invalidToken
              ? <Button onPress={() => void connect()} isDisabled={busy}>{t("external.reconnect")}</Button>
              : <Button variant="secondary" onPress={() => void files.refetch()}>{t("external.retry")}</Button>}
          </div>
        )
        : files.isPending
        ? <p className="dx-empty" role="status">{t("external.loading")}</p>
        : list.length === 0
        ? <p className="dx-empty" role="status">{search ? t("external.noResults") : t("external.empty")}</p>
        : (
          <table className="dx-table">
            <thead>
              <tr>
                <th scope="col">{t("external.column.name")}</th>
                <th scope="col" className="dx-wide">{t("external.column.owner")}</th>
                <th scope="col">{t("external.column.modified")}</th>
                <th scope="col" className="dx-wide">{t("external.column.size")}</th>
                <th scope="col"><span className="visually-hidden">{t("external.column.actions")}</span></th>
              </tr>
            </thead>
            <tbody>
              {list.map((f) => (
                <tr key={f.id} data-id={f.id}>
                  <td className="dx-name">
                    <CategoryIcon category={f.category} />
                    <span className="dx-name-text">
                      {f.category === "folder" && f.mimeType === "application/vnd.google-apps.folder"
                        ? (
                          <Link to={EXTERNAL_PATHS.folder} params={{ externalType: type, tabId: search ? "my" : tab, folderId: f.id } as never}>
                            {f.name}
                          </Link>
                        )
                        : <span>{f.name}</span>}
                      <span className="dx-kind">{t(`external.category.${f.category}`)}</span>
                    </span>
                  </td>
                  <td className="dx-wide">{f.owners[0]?.displayName ?? ""}</td>
                  <td>{f.modifiedTime ? time.format(new Date(f.modifiedTime)) : ""}</td>
                  <td className="dx-wide">{f.size !== null ? formatBytes(f.size, i18n.language) : ""}</td>
                  <td className="dx-actions">
                    {f.webViewLink && (
                      <a href={f.webViewLink} target="_blank" rel="noopener noreferrer" className="dx-action"
                        aria-label={t("external.openNamed", { name: f.name })} title={t("external.open")}>
                        <SvgIcon d={EXT_ICONS.open} size={18} />
                      </a>
                    )}
                    {f.download && (
                      <Button variant="ghost" className="dx-action" onPress={() => void download(f)}
                        aria-label={t("external.downloadNamed", { name: f.name })}>
                        <SvgIcon d={EXT_ICONS.download} size={18} />
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      {files.hasNextPage && (
        <div className="dx-more">
          <Button variant="secondary" onPress={() => void files.fetchNextPage()} isDisabled={files.isFetchingNextPage}>
            {t("external.more")}
          </Button>
        </div>
      )}
    </section>
  );
}
