import { geoMercator } from "d3-geo";

// The places map's projection, on its own so the basemap worker takes d3-geo and nothing else.

/**
 * The world in "map units": Web Mercator drawn as a WORLD × WORLD square (the whole square is
 * what raster tile 0/0/0 covers). The zoom transform (k, x, y) then maps map units to screen
 * pixels: screen = unit × k + (x, y).
 */
export const WORLD = 1024;

/** Web Mercator as slippy-map tiles use it: longitude −180..180 and latitude ±85.05° fill the square. */
export const projection = geoMercator()
  .scale(WORLD / (2 * Math.PI))
  .translate([WORLD / 2, WORLD / 2]);
