import { tile as tileLayout } from "d3-tile";
import { zoomIdentity, type ZoomTransform } from "d3-zoom";
import type { Entity } from "@/lib/api/types";
import { projection, WORLD } from "./map-projection";

// The places map's geometry, free of React: which places can be drawn, where, how big, how the
// view fits them, and which raster tiles cover the view. Positions are in map units (WORLD).

export { WORLD };

/** Web Mercator stops at ±85.05112878° (the square's edge). */
const MAX_LATITUDE = 85.05112878;

/** Deepest zoom: the world 4096 times wider than at k = 1 (about tile zoom 14, a neighbourhood). */
export const MAX_ZOOM = 4096;
/** Zoom to fit a single place (or places very close together): about a region. */
const MAX_FIT_ZOOM = 64;
/** The world view when no place has coordinates: land from Tierra del Fuego to Greenland's north. */
const WORLD_VIEW: [[number, number], [number, number]] = [
  [-180, 76],
  [180, -56],
];

export interface Size {
  width: number;
  height: number;
}

export interface MappedPlace {
  entity: Entity;
  latitude: number;
  longitude: number;
  /** Position in map units. */
  point: [number, number];
  /** Marker radius in screen pixels. */
  radius: number;
}

function coordinate(value: number | null | undefined, limit: number): number | null {
  return typeof value === "number" && Number.isFinite(value) && Math.abs(value) <= limit ? value : null;
}

/** Map units of a longitude and latitude (latitudes past Mercator's edge sit on the edge). */
export function toMapUnits(longitude: number, latitude: number): [number, number] {
  const clamped = Math.max(-MAX_LATITUDE, Math.min(MAX_LATITUDE, latitude));
  const point = projection([longitude, clamped]);
  return point ?? [WORLD / 2, WORLD / 2];
}

export const MIN_RADIUS = 7;
export const MAX_RADIUS = 22;

/** Marker radius: its area grows with the memory count (square-root scale), from the least to the most. */
export function markerRadius(count: number, maxCount: number): number {
  if (maxCount <= 0) return MIN_RADIUS;
  return MIN_RADIUS + (MAX_RADIUS - MIN_RADIUS) * Math.sqrt(Math.max(0, count) / maxCount);
}

/**
 * Splits the writer's places into those with both coordinates, placed and sized, and the number
 * of those missing one. Markers come biggest first so smaller ones stay on top and clickable.
 */
export function placePlaces(entities: readonly Entity[]): { mapped: MappedPlace[]; unmapped: number } {
  const located = entities.flatMap((entity) => {
    const latitude = coordinate(entity.metadata.latitude, 90);
    const longitude = coordinate(entity.metadata.longitude, 180);
    return latitude === null || longitude === null ? [] : [{ entity, latitude, longitude }];
  });
  const maxCount = Math.max(0, ...located.map(({ entity }) => entity.memoryCount));
  const mapped = located
    .map((place) => ({
      ...place,
      point: toMapUnits(place.longitude, place.latitude),
      radius: markerRadius(place.entity.memoryCount, maxCount),
    }))
    .sort((a, b) => b.entity.memoryCount - a.entity.memoryCount || a.entity.name.localeCompare(b.entity.name));
  return { mapped, unmapped: entities.length - located.length };
}

/** The smallest zoom: the whole world fits in the viewport's shorter side. */
export function minZoom(size: Size): number {
  return Math.min(1, Math.min(size.width, size.height) / WORLD);
}

/** The transform showing the box [x0, y0]–[x1, y1] (map units) centred, with `padding` pixels around. */
function fitBox([[x0, y0], [x1, y1]]: [[number, number], [number, number]], size: Size, padding: number): ZoomTransform {
  const width = Math.max(1, size.width - 2 * padding);
  const height = Math.max(1, size.height - 2 * padding);
  const k = Math.max(minZoom(size), Math.min(MAX_FIT_ZOOM, width / Math.max(x1 - x0, 1e-9), height / Math.max(y1 - y0, 1e-9)));
  const cx = (x0 + x1) / 2;
  const cy = (y0 + y1) / 2;
  return zoomIdentity.translate(size.width / 2 - cx * k, size.height / 2 - cy * k).scale(k);
}

/** The initial view: every marker in sight (or the inhabited world when there is none). */
export function fitTransform(points: readonly [number, number][], size: Size): ZoomTransform {
  if (points.length === 0) {
    return fitBox([toMapUnits(...WORLD_VIEW[0]), toMapUnits(...WORLD_VIEW[1])], size, 8);
  }
  const xs = points.map(([x]) => x);
  const ys = points.map(([, y]) => y);
  return fitBox(
    [
      [Math.min(...xs), Math.min(...ys)],
      [Math.max(...xs), Math.max(...ys)],
    ],
    size,
    MAX_RADIUS + 16,
  );
}

export interface PlacedTile {
  key: string;
  url: string;
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Highest zoom level most raster tile servers offer. */
const MAX_TILE_ZOOM = 19;

/**
 * The raster tiles covering the viewport, from a template with {z}, {x} and {y} (and optionally
 * {s}, a subdomain a, b or c, and {r}, empty for standard-resolution tiles).
 */
export function visibleTiles(template: string, transform: ZoomTransform, size: Size): PlacedTile[] {
  if (size.width <= 0 || size.height <= 0) return [];
  const layout = tileLayout()
    .size([size.width, size.height])
    .scale(WORLD * transform.k)
    .translate([transform.x + (WORLD / 2) * transform.k, transform.y + (WORLD / 2) * transform.k]);
  const tiles = layout();
  const {
    translate: [tx, ty],
    scale,
  } = tiles;
  return tiles
    .filter(([, , z]) => z <= MAX_TILE_ZOOM)
    .map(([x, y, z]) => {
      const left = Math.round((x + tx) * scale);
      const top = Math.round((y + ty) * scale);
      // Rounded edges of neighbours meet exactly: no hairline seams between tiles.
      const width = Math.round((x + 1 + tx) * scale) - left;
      const height = Math.round((y + 1 + ty) * scale) - top;
      return { key: `${z}/${x}/${y}`, url: tileUrl(template, x, y, z), left, top, width, height };
    });
}

export function tileUrl(template: string, x: number, y: number, z: number): string {
  return template
    .replaceAll("{z}", String(z))
    .replaceAll("{x}", String(x))
    .replaceAll("{y}", String(y))
    .replaceAll("{s}", "abc"[Math.abs(x + y) % 3]!)
    .replaceAll("{r}", "");
}

/** Whether a screen point lies in the viewport (with a margin in pixels). */
export function inView([x, y]: [number, number], size: Size, margin = 0): boolean {
  return x >= -margin && y >= -margin && x <= size.width + margin && y <= size.height + margin;
}
