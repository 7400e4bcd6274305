import { Maximize, Minus, Plus } from "lucide-react";
import { useId, useMemo, useState, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { inView, visibleTiles, type MappedPlace, type Size } from "../../map-geometry";
import { Basemap } from "./basemap";
import { useMapViewport } from "./use-map-viewport";

export interface MapViewProps {
  places: MappedPlace[];
  tilesUrl: string | null;
  tilesAttribution: string | null;
}

/**
 * The map itself: the offline basemap, raster tiles under the markers when a tile server is
 * configured (no tile is asked for otherwise), one link per place, and zoom controls. Drag, wheel,
 * pinch and double click move the map; focused, it also answers the arrow keys, + and −.
 */
export function MapView({ places, tilesUrl, tilesAttribution }: MapViewProps) {
  const { t } = useTranslation();
  const hintId = useId();
  const points = useMemo(() => places.map((place) => place.point), [places]);
  const { attach, size, transform, zoomIn, zoomOut, fit, panBy, centreOn, keyPan } = useMapViewport(points);
  const [active, setActive] = useState<number | null>(null);
  const tiles = tilesUrl ? visibleTiles(tilesUrl, transform, size) : [];
  const activePlace = places.find((place) => place.entity.id === active) ?? null;

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    // Keys act on the map itself; a focused marker keeps its own keys.
    if (event.target !== event.currentTarget || event.altKey || event.ctrlKey || event.metaKey) return;
    const step = keyPan;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [step, 0],
      ArrowRight: [-step, 0],
      ArrowUp: [0, step],
      ArrowDown: [0, -step],
    };
    const move = moves[event.key];
    if (move) panBy(...move);
    else if (event.key === "+" || event.key === "=") zoomIn();
    else if (event.key === "-" || event.key === "_") zoomOut();
    else if (event.key === "0") fit();
    else return;
    event.preventDefault();
  }

  const screen = (place: MappedPlace) => transform.apply(place.point);

  return (
    <div className="grid gap-1.5">
      <div className="relative overflow-clip rounded-lg border bg-background">
        <div
          ref={attach}
          role="group"
          aria-label={t("placesMap.mapLabel")}
          aria-describedby={hintId}
          tabIndex={0}
          onKeyDown={onKeyDown}
          className="relative h-80 cursor-grab touch-none overflow-clip outline-none select-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset active:cursor-grabbing sm:h-[28rem]"
        >
          <Basemap transform={transform} size={size} />
          {tiles.length > 0 && (
            <div aria-hidden="true" className="pointer-events-none absolute inset-0 dark:brightness-75">
              {tiles.map((tile) => (
                <img
                  key={tile.key}
                  src={tile.url}
                  alt=""
                  draggable={false}
                  decoding="async"
                  className="absolute max-w-none"
                  style={{ left: tile.left, top: tile.top, width: tile.width, height: tile.height }}
                />
              ))}
            </div>
          )}
          {places.map((place) => {
            const [x, y] = screen(place);
            const { entity, radius } = place;
            return (
              <Link
                key={entity.id}
                to={`/memories?filterEntity=${entity.id}`}
                aria-label={t("placesMap.marker", { name: entity.name, count: entity.memoryCount })}
                data-testid="map-marker"
                onPointerEnter={() => setActive(entity.id)}
                onPointerLeave={() => setActive((current) => (current === entity.id ? null : current))}
                onFocus={() => {
                  setActive(entity.id);
                  // Tabbing to a marker out of sight brings it into view.
                  if (!inView([x, y], size, -radius)) centreOn(place.point);
                }}
                onBlur={() => setActive((current) => (current === entity.id ? null : current))}
                className="absolute rounded-full border-2 border-primary-foreground bg-primary/85 shadow-sm transition-colors outline-none before:absolute before:-inset-1.5 before:rounded-full before:content-[''] hover:bg-primary focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background"
                style={{ left: x - radius, top: y - radius, width: 2 * radius, height: 2 * radius }}
              />
            );
          })}
          {activePlace && <MarkerLabel place={activePlace} position={screen(activePlace)} size={size} />}
        </div>
        <div className="absolute top-2 right-2 flex flex-col gap-1">
          <Button variant="outline" size="icon" className="size-9 shadow-sm" onClick={zoomIn} aria-label={t("placesMap.zoomIn")}>
            <Plus aria-hidden="true" />
          </Button>
          <Button variant="outline" size="icon" className="size-9 shadow-sm" onClick={zoomOut} aria-label={t("placesMap.zoomOut")}>
            <Minus aria-hidden="true" />
          </Button>
          <Button
            variant="outline"
            size="icon"
            className="size-9 shadow-sm"
            onClick={fit}
            aria-label={places.length > 0 ? t("placesMap.fitPlaces") : t("placesMap.fitWorld")}
          >
            <Maximize aria-hidden="true" />
          </Button>
        </div>
        <p className="absolute right-0 bottom-0 max-w-full truncate rounded-tl-md bg-background px-1.5 py-0.5 text-[0.6875rem] text-muted-foreground">
          {[tilesUrl ? tilesAttribution : null, t("placesMap.basemapCredit")].filter(Boolean).join(" · ")}
        </p>
      </div>
      <p id={hintId} className="text-xs text-muted-foreground">
        {t("placesMap.hint")}
      </p>
    </div>
  );
}

/** Room kept for the label beside the map's edges before it turns to stay inside. */
const LABEL_ROOM = { x: 110, y: 40 };

/**
 * The name and memory count of the hovered or focused marker (its link already says both to
 * screen readers). It sits above the marker, or below and to the side near the map's edges.
 */
function MarkerLabel({ place, position: [x, y], size }: { place: MappedPlace; position: [number, number]; size: Size }) {
  const { t } = useTranslation();
  const { radius } = place;
  const side = x < LABEL_ROOM.x ? "start" : x > size.width - LABEL_ROOM.x ? "end" : "middle";
  const below = y - radius < LABEL_ROOM.y;
  return (
    <div
      aria-hidden="true"
      className={cn(
        "pointer-events-none absolute z-10 rounded-md border bg-popover px-2 py-1 text-xs whitespace-nowrap text-popover-foreground shadow-md",
        side === "middle" && "-translate-x-1/2",
        side === "end" && "-translate-x-full",
        !below && "-translate-y-full",
      )}
      style={{
        left: side === "start" ? x - radius : side === "end" ? x + radius : x,
        top: below ? y + radius + 6 : y - radius - 6,
      }}
    >
      <span className="font-medium">{place.entity.name}</span>
      <span className="text-muted-foreground"> · {t("placesMap.memories", { count: place.entity.memoryCount })}</span>
    </div>
  );
}
