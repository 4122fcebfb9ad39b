// Boot: theme and language first (no flash), then the router with the session guard.
import { StrictMode, Suspense } from "react";
import { createRoot } from "react-dom/client";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider } from "@tanstack/react-router";
import { I18nextProvider } from "react-i18next";
import { ApiError, setSessionHandlers } from "./lib/api.ts";
import i18n, { i18nReady } from "./lib/i18n.ts";
import { keepReturnPath } from "./lib/return-path.ts";
import { clearTokens, noteSessionExpired } from "./lib/session.ts";
import { createAppRouter } from "./app/router.tsx";
import { applyTheme, storedTheme } from "./app/themes.ts";
import { Splash } from "./app/feedback/splash.tsx";
import "./app/global.css";

// The shell's Content-Security-Policy allows no eval (server/lib/security-headers.ts): zod is told not to probe
// for it (its probe, new Function, is refused and reported as a violation even though zod copes). Through the
// global object zod keeps its settings in (zod/v4/core/core.js globalConfig, what z.config() writes), so that
// zod stays out of the sign-in bundle: importing z.config() would add 4 KB (gzip) to it.
const zodSettings = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
zodSettings.__zod_globalConfig = Object.assign(zodSettings.__zod_globalConfig ?? {}, { jitless: true });
applyTheme(storedTheme());

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (count, e) => !(e instanceof ApiError && e.status < 500) && count < 2,
      refetchOnWindowFocus: false,
    },
  },
});
const router = createAppRouter(queryClient);

setSessionHandlers({
  // A refresh the server refused (400/401): the login page says the login expired (in the app's own words and
  // language, not a browser alert).
  expired() {
    clearTokens();
    queryClient.clear();
    noteSessionExpired();
    keepReturnPath(router.state.location.href); // signing in again comes back to this page
    void router.navigate({ to: "/login" });
  },
  notAcceptable() {
    void router.navigate({ to: "/" });
  },
});

await i18nReady;
createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <Suspense fallback={<Splash />}>
          <RouterProvider router={router} />
        </Suspense>
      </QueryClientProvider>
    </I18nextProvider>
  </StrictMode>,
);
