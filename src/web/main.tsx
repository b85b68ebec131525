import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { AppErrorBoundary, reportError } from "./features/shell/screens";
import { queryClient } from "./lib/session";
import { Toaster } from "./lib/toast";
import { router } from "./router";
import "./styles.css";
import { redirectAuthLinkError } from "./lib/auth-link";

redirectAuthLinkError(); // SPEC.md §4: an auth-link error in the fragment, on any page

window.addEventListener("error", (e) => reportError(e.message, e.error?.stack));
window.addEventListener("unhandledrejection", (e) =>
  reportError(String(e.reason?.message ?? e.reason), e.reason?.stack),
);

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <AppErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <Toaster />
      </QueryClientProvider>
    </AppErrorBoundary>
  </StrictMode>,
);
