import { geoPath } from "d3-geo";
import { feature } from "topojson-client";
import type { GeometryCollection, Topology } from "topojson-specification";
import { projection } from "../../map-projection";

/** A world-atlas file: Natural Earth's countries (and land) as TopoJSON. */
export type WorldTopology = Topology<{ countries: GeometryCollection; land: GeometryCollection }>;

/**
 * SVG path data in map units (see map-projection WORLD), one per country: the browser skips the
 * countries out of view, which one path for the whole world would not let it do.
 */
export type BasemapPaths = string[];

export function countryPaths(world: WorldTopology): BasemapPaths {
  const path = geoPath(projection);
  return feature(world, world.objects.countries).features.flatMap((country) => {
    const data = path(country);
    return data ? [data] : [];
  });
}
