import { useQuery } from "@tanstack/react-query";
import { Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { Spinner } from "@/components/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { GraphExplorer, PlacesMap } from "@/features/graph";
import { api, unwrap } from "@/lib/api/client";

type View = "graph" | "map";

/** The "Explore graph" tab: the life graph, or the map of places. Both load their code on first use. */
export function ExploreTab() {
  const { t } = useTranslation();
  const [view, setView] = useState<View>("graph");
  // Tiles under the map when the server is configured with them; the offline map otherwise.
  const settings = useQuery({
    queryKey: ["client-config"],
    queryFn: ({ signal }) => unwrap(api.GET("/api/client-config", { signal })),
    staleTime: Infinity,
  });
  return (
    <Tabs value={view} onValueChange={(value) => setView(value as View)}>
      <TabsList aria-label={t("dashboard.explore.views")}>
        <TabsTrigger value="graph">{t("dashboard.explore.graph")}</TabsTrigger>
        <TabsTrigger value="map">{t("dashboard.explore.map")}</TabsTrigger>
      </TabsList>
      <Suspense fallback={<Spinner label={t("common.loading")} />}>
        <TabsContent value="graph">{view === "graph" && <GraphExplorer />}</TabsContent>
        <TabsContent value="map">{view === "map" && (
            <PlacesMap tilesUrl={settings.data?.mapTilesUrl} tilesAttribution={settings.data?.mapTilesAttribution} />
          )}</TabsContent>
      </Suspense>
    </Tabs>
  );
}
