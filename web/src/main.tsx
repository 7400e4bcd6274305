import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { Providers } from "@/app/providers";
import { createRouter } from "@/app/router";
import { initI18n } from "@/lib/i18n";
import { createQueryClient } from "@/lib/query-client";
import { watchTheme } from "@/lib/theme";
import "./index.css";

// The theme is applied before the first render, so a dark page does not flash light.
watchTheme();

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

void initI18n().then(() => {
  createRoot(root).render(
    <StrictMode>
      <Providers queryClient={createQueryClient()}>
        <RouterProvider router={createRouter()} />
      </Providers>
    </StrictMode>,
  );
});
