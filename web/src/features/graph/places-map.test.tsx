import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider, useLocation } from "react-router";
import { describe, expect, it } from "vitest";
import { Providers } from "@/app/providers";
import type { Entity } from "@/lib/api/types";
import { changeLanguage } from "@/lib/i18n";
import { createQueryClient } from "@/lib/query-client";
import { mockApi } from "@/test/api";
import { makeEntity } from "@/test/builders";
import PlacesMap, { type PlacesMapProps } from "./components/places-map";
import { fitTransform, inView, MAX_RADIUS, markerRadius, MIN_RADIUS, placePlaces, visibleTiles, WORLD } from "./map-geometry";

const lyon = makeEntity(3, "Lyon", "location", { memoryCount: 12, metadata: { latitude: 45.764, longitude: 4.8357 } });
const chamonix = makeEntity(7, "Chamonix", "location", { memoryCount: 1, metadata: { latitude: 45.9237, longitude: 6.8694 } });
const home = makeEntity(9, "Grandma's house", "location", { memoryCount: 4, metadata: { latitude: 45.5 } });
const cafe = makeEntity(11, "Le Petit Café", "location", { memoryCount: 2, metadata: { category: "cafe" } });

/** The places map at "/", with a memories page that shows which filter it was opened with. */
function renderMap(locations: Entity[] | { status: number }, props: PlacesMapProps = {}) {
  const api = mockApi({
    "GET /api/entities": (_, query) =>
      Array.isArray(locations) ? { body: query.get("type") === "location" ? locations : [] } : { status: locations.status, body: { message: "Boom", code: "internal" } },
  });
  const router = createMemoryRouter(
    [
      { path: "/", element: <PlacesMap {...props} /> },
      { path: "/memories", element: <MemoriesStandIn /> },
      { path: "/entities/locations", element: <h1>Locations page</h1> },
    ],
    { initialEntries: ["/"] },
  );
  render(
    <Providers queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...api, router };
}

function MemoriesStandIn() {
  const location = useLocation();
  return <h1>Memories {location.search}</h1>;
}

function markers() {
  return within(screen.getByRole("group", { name: "Map of your places" })).queryAllByRole("link");
}

/** Screen centre of a marker, from its box on the map. */
function centre(marker: HTMLElement): [number, number] {
  const { left, top, width } = marker.style;
  return [parseFloat(left) + parseFloat(width) / 2, parseFloat(top) + parseFloat(width) / 2];
}

function distance(a: HTMLElement, b: HTMLElement) {
  const [ax, ay] = centre(a);
  const [bx, by] = centre(b);
  return Math.hypot(ax - bx, ay - by);
}

describe("places map", () => {
  it("draws a marker per place with coordinates, named and linked to its memories, sized by memories", async () => {
    renderMap([lyon, chamonix, home, cafe]);
    const map = await screen.findByRole("group", { name: "Map of your places" });
    const links = within(map).getAllByRole("link");
    expect(links.map((link) => link.getAttribute("aria-label")).sort()).toEqual(["Chamonix: 1 memory", "Lyon: 12 memories"]);
    const lyonMarker = within(map).getByRole("link", { name: "Lyon: 12 memories" });
    const chamonixMarker = within(map).getByRole("link", { name: "Chamonix: 1 memory" });
    expect(lyonMarker).toHaveAttribute("href", "/memories?filterEntity=3");
    expect(chamonixMarker).toHaveAttribute("href", "/memories?filterEntity=7");
    expect(parseFloat(lyonMarker.style.width)).toBeGreaterThan(parseFloat(chamonixMarker.style.width));
    // Chamonix lies east of Lyon and a little north.
    expect(centre(chamonixMarker)[0]).toBeGreaterThan(centre(lyonMarker)[0]);
    expect(centre(chamonixMarker)[1]).toBeLessThan(centre(lyonMarker)[1]);

    const list = screen.getByRole("list", { name: /Places on the map/ });
    const rows = within(list).getAllByRole("listitem");
    expect(rows.map((row) => row.textContent)).toEqual(["Chamonix1 memory", "Lyon12 memories"]);
    expect(within(rows[1]!).getByRole("link", { name: "Lyon: 12 memories" })).toHaveAttribute("href", "/memories?filterEntity=3");

    expect(screen.getByText("2 places have no coordinates yet.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Add coordinates in Locations" })).toHaveAttribute("href", "/entities/locations");
    expect(screen.getByText("Map data: Natural Earth")).toBeInTheDocument();
  });

  it("shows a marker's name on hover and focus, and opens the place's memories from it", async () => {
    const { router } = renderMap([lyon, chamonix]);
    const user = userEvent.setup();
    const map = await screen.findByRole("group", { name: "Map of your places" });
    const marker = within(map).getByRole("link", { name: "Chamonix: 1 memory" });
    expect(within(map).queryByText("Chamonix")).not.toBeInTheDocument();
    await user.hover(marker);
    expect(within(map).getByText("Chamonix")).toBeVisible();
    await user.unhover(marker);
    expect(within(map).queryByText("Chamonix")).not.toBeInTheDocument();
    // d3-zoom reads the window of mouse events, which jsdom's synthetic clicks lack: the keyboard
    // activates the marker here (the browser test clicks it).
    act(() => marker.focus());
    expect(within(map).getByText("Chamonix")).toBeVisible();
    await user.keyboard("{Enter}");
    expect(await screen.findByRole("heading", { name: "Memories ?filterEntity=7" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/memories");
  });

  it("zooms with its buttons and the keyboard", async () => {
    renderMap([lyon, chamonix]);
    const user = userEvent.setup();
    const map = await screen.findByRole("group", { name: "Map of your places" });
    const lyonMarker = within(map).getByRole("link", { name: /^Lyon/ });
    const chamonixMarker = within(map).getByRole("link", { name: /^Chamonix/ });
    const before = distance(lyonMarker, chamonixMarker);
    await user.click(screen.getByRole("button", { name: "Zoom out" }));
    await waitFor(() => expect(distance(lyonMarker, chamonixMarker)).toBeCloseTo(before / 2, 0));
    map.focus();
    await user.keyboard("+");
    await waitFor(() => expect(distance(lyonMarker, chamonixMarker)).toBeCloseTo(before, 0));
    const [x] = centre(lyonMarker);
    await user.keyboard("{ArrowRight}");
    // The view moves right: the places move left.
    expect(centre(lyonMarker)[0]).toBeCloseTo(x - 80, 0);
    await user.click(screen.getByRole("button", { name: "Show all places" }));
    await waitFor(() => expect(centre(lyonMarker)[0]).toBeCloseTo(x, 0));
  });

  it("shows the world and an empty state when no place has coordinates, and counts those without", async () => {
    renderMap([home, cafe]);
    expect(await screen.findByRole("heading", { name: "No places on the map yet" })).toBeInTheDocument();
    expect(markers()).toHaveLength(0);
    expect(screen.getByRole("button", { name: "Show the whole world" })).toBeInTheDocument();
    expect(screen.getByText("2 places have no coordinates yet.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go to Locations" })).toHaveAttribute("href", "/entities/locations");
    expect(screen.queryByRole("list")).not.toBeInTheDocument();
  });

  it("says nothing of missing coordinates when every place has them", async () => {
    renderMap([lyon]);
    await screen.findByRole("group", { name: "Map of your places" });
    expect(markers()).toHaveLength(1);
    expect(screen.queryByText(/no coordinates/)).not.toBeInTheDocument();
  });

  it("asks for no tile without a tile server", async () => {
    const { fetchMock } = renderMap([lyon, chamonix]);
    const map = await screen.findByRole("group", { name: "Map of your places" });
    expect(map.querySelectorAll("img")).toHaveLength(0);
    expect(fetchMock.mock.calls.map(([input]) => new URL((input as Request).url).pathname)).toEqual(["/api/entities"]);
  });

  it("draws raster tiles from the template under the markers, with their credit", async () => {
    renderMap([lyon, chamonix], { tilesUrl: "https://tiles.example/{z}/{x}/{y}.png", tilesAttribution: "© OpenStreetMap contributors" });
    const map = await screen.findByRole("group", { name: "Map of your places" });
    const sources = [...map.querySelectorAll("img")].map((img) => img.getAttribute("src"));
    expect(sources.length).toBeGreaterThan(0);
    for (const source of sources) expect(source).toMatch(/^https:\/\/tiles\.example\/\d+\/\d+\/\d+\.png$/);
    // Around Lyon at the fitted zoom: tile x and y are those of the Alps' side of France.
    const [z, x, y] = /(\d+)\/(\d+)\/(\d+)\.png$/.exec(sources[0]!)!.slice(1).map(Number) as [number, number, number];
    const n = 2 ** z;
    expect(x / n).toBeGreaterThan(0.45);
    expect(x / n).toBeLessThan(0.56);
    expect(y / n).toBeGreaterThan(0.3);
    expect(y / n).toBeLessThan(0.4);
    expect(screen.getByText("© OpenStreetMap contributors · Map data: Natural Earth")).toBeInTheDocument();
  });

  it("says when the places cannot be loaded and tries again", async () => {
    renderMap({ status: 500 });
    expect(await screen.findByRole("heading", { name: "Your places could not be loaded" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Try again" })).toBeInTheDocument();
  });

  it("speaks French", async () => {
    await changeLanguage("fr");
    renderMap([lyon, chamonix, cafe]);
    const map = await screen.findByRole("group", { name: "Carte de vos lieux" });
    expect(within(map).getByRole("link", { name: "Lyon : 12 souvenirs" })).toHaveAttribute("href", "/memories?filterEntity=3");
    expect(within(map).getByRole("link", { name: "Chamonix : 1 souvenir" })).toBeInTheDocument();
    expect(screen.getByRole("list", { name: /Lieux sur la carte/ })).toBeInTheDocument();
    expect(screen.getByText("1 lieu n’a pas encore de coordonnées.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Ajouter des coordonnées dans Lieux" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Zoomer" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Montrer tous les lieux" })).toBeInTheDocument();
  });

  it("shows the French empty state", async () => {
    await changeLanguage("fr");
    renderMap([]);
    expect(await screen.findByRole("heading", { name: "Aucun lieu sur la carte pour l’instant" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Aller aux lieux" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Montrer le monde entier" })).toBeInTheDocument();
  });
});

describe("places map geometry", () => {
  it("maps a place only with both coordinates in range, the equator and the prime meridian included", () => {
    const nullIsland = makeEntity(1, "Null Island", "location", { metadata: { latitude: 0, longitude: 0 } });
    const wrong = makeEntity(2, "Typo", "location", { metadata: { latitude: 95, longitude: 4 } });
    const { mapped, unmapped } = placePlaces([nullIsland, wrong, home, lyon]);
    expect(mapped.map((place) => place.entity.name)).toEqual(["Lyon", "Null Island"]);
    expect(unmapped).toBe(2);
    // The map's centre is where the equator meets the prime meridian.
    expect(mapped[1]!.point).toEqual([WORLD / 2, WORLD / 2]);
  });

  it("sizes markers by the square root of their memory count", () => {
    expect(markerRadius(0, 16)).toBe(MIN_RADIUS);
    expect(markerRadius(16, 16)).toBe(MAX_RADIUS);
    expect(markerRadius(4, 16)).toBeCloseTo((MIN_RADIUS + MAX_RADIUS) / 2);
  });

  it("fits the places in view, and tiles the view without gaps", () => {
    const size = { width: 800, height: 400 };
    const { mapped } = placePlaces([lyon, chamonix, makeEntity(5, "Dakar", "location", { metadata: { latitude: 14.7167, longitude: -17.4677 } })]);
    const view = fitTransform(
      mapped.map((place) => place.point),
      size,
    );
    for (const place of mapped) expect(inView(view.apply(place.point), size, -MAX_RADIUS)).toBe(true);

    const tiles = visibleTiles("/t/{z}/{x}/{y}.png", view, size);
    const byKey = new Map(tiles.map((tile) => [tile.key, tile]));
    for (const tile of tiles) {
      const [z, x, y] = tile.key.split("/").map(Number) as [number, number, number];
      const right = byKey.get(`${z}/${x + 1}/${y}`);
      const below = byKey.get(`${z}/${x}/${y + 1}`);
      if (right) expect(right.left).toBe(tile.left + tile.width);
      if (below) expect(below.top).toBe(tile.top + tile.height);
    }
    const covered = (px: number, py: number) => tiles.some((t) => px >= t.left && px < t.left + t.width && py >= t.top && py < t.top + t.height);
    expect([covered(0, 0), covered(799, 0), covered(0, 399), covered(799, 399)]).toEqual([true, true, true, true]);
  });
});
