import { MapPinned } from "lucide-react";
import { useId, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { EmptyState } from "@/components/empty-state";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { useEntities } from "@/features/entities";
import { errorMessage } from "@/lib/api/errors";
import { placePlaces, type MappedPlace } from "../map-geometry";
import { MapView } from "./map/map-view";

export interface PlacesMapProps {
  /** A raster tile template such as https://tile.openstreetmap.org/{z}/{x}/{y}.png; none: the offline map only. */
  tilesUrl?: string | null;
  /** The tile provider's credit, shown on the map with its tiles. */
  tilesAttribution?: string | null;
}

const LOCATIONS_PAGE = "/entities/locations";

/**
 * The writer's places on a world map: a marker per location with coordinates, sized by its
 * memory count and leading to its memories, beside the same places as a list. The world map is
 * offline (Natural Earth, shipped with the app); raster tiles are drawn under the markers only
 * when `tilesUrl` is given.
 */
export default function PlacesMap({ tilesUrl = null, tilesAttribution = null }: PlacesMapProps) {
  const { t } = useTranslation();
  const locations = useEntities("location");
  const placed = useMemo(() => (locations.data ? placePlaces(locations.data) : null), [locations.data]);

  if (locations.isPending) {
    return (
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_18rem]" role="status" aria-label={t("common.loading")}>
        <Skeleton className="h-80 rounded-lg sm:h-[28rem]" />
        <div className="grid content-start gap-2">
          {Array.from({ length: 4 }, (_, index) => (
            <Skeleton key={index} className="h-12 rounded-lg" />
          ))}
        </div>
      </div>
    );
  }
  if (locations.isError || !placed) {
    return (
      <EmptyState title={t("placesMap.loadFailed")} body={errorMessage(locations.error, t)}>
        <Button onClick={() => void locations.refetch()}>{t("common.retry")}</Button>
      </EmptyState>
    );
  }

  const { mapped, unmapped } = placed;
  return (
    <div className="grid gap-4">
      <div className="grid items-start gap-4 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <MapView places={mapped} tilesUrl={tilesUrl} tilesAttribution={tilesAttribution} />
        {mapped.length > 0 ? (
          <PlaceList places={mapped} />
        ) : (
          <EmptyState
            icon={<MapPinned className="size-10" aria-hidden="true" />}
            title={t("placesMap.empty.title")}
            body={t("placesMap.empty.body")}
          >
            <Button asChild variant="outline">
              <Link to={LOCATIONS_PAGE}>{t("placesMap.empty.action")}</Link>
            </Button>
          </EmptyState>
        )}
      </div>
      {unmapped > 0 && (
        <p className="text-sm text-muted-foreground">
          {t("placesMap.unmapped", { count: unmapped })}{" "}
          <Link to={LOCATIONS_PAGE} className="font-medium text-primary underline underline-offset-4 outline-none focus-visible:ring-2 focus-visible:ring-ring">
            {t("placesMap.addCoordinates")}
          </Link>
        </p>
      )}
    </div>
  );
}

/** The places on the map as a list, by name: the same links, for keyboards and screen readers. */
function PlaceList({ places }: { places: MappedPlace[] }) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const byName = useMemo(
    () => [...places].sort((a, b) => a.entity.name.localeCompare(b.entity.name, i18n.language, { sensitivity: "base" })),
    [places, i18n.language],
  );
  return (
    <section aria-labelledby={headingId} className="grid gap-2">
      <h2 id={headingId} className="text-base font-semibold">
        {t("placesMap.listTitle")} <span className="text-muted-foreground">({places.length})</span>
      </h2>
      <ul aria-labelledby={headingId} className="grid max-h-[28rem] gap-1 overflow-y-auto pr-1">
        {byName.map(({ entity }) => (
          <li key={entity.id}>
            <Link
              to={`/memories?filterEntity=${entity.id}`}
              aria-label={t("placesMap.marker", { name: entity.name, count: entity.memoryCount })}
              className="flex items-center justify-between gap-2 rounded-md px-2 py-1.5 text-sm outline-none hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring"
            >
              <span className="truncate font-medium">{entity.name}</span>
              <Badge variant="outline" className="shrink-0">
                {t("placesMap.memories", { count: entity.memoryCount })}
              </Badge>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
