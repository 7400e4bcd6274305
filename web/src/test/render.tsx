import { render } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { Providers } from "@/app/providers";
import { AppRoutes } from "@/app/routes";
import { createQueryClient } from "@/lib/query-client";

/** Renders the whole app at `path`, with a fresh query cache. */
export function renderApp(path = "/") {
  const router = createMemoryRouter([{ path: "*", element: <AppRoutes /> }], { initialEntries: [path] });
  const queryClient = createQueryClient();
  const result = render(
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...result, router, queryClient };
}
