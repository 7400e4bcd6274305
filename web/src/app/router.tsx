import { createBrowserRouter } from "react-router";
import { AppRoutes } from "./routes";

/** One catch-all route: AppRoutes picks the signed-out or signed-in route tree from the session. */
export function createRouter() {
  return createBrowserRouter([{ path: "*", element: <AppRoutes /> }]);
}
