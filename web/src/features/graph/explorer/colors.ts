import type { Theme } from "@/lib/api/types";
import type { GraphType } from "./graph-model";

/**
 * One colour per entity type and theme, far apart in hue (blue, green, orange, magenta, olive or
 * yellow, violet, after the Okabe-Ito palette) and at least 4.5:1 against the canvas (white; the
 * dark card #1c1d28), so a dot reads as well as text would. The list and the filters repeat the
 * type with its icon and name, so colour is never the only cue.
 */
export const typeColors: Record<Theme, Record<GraphType, string>> = {
  light: {
    person: "#1f6fc5",
    location: "#0f7f5c",
    lifePeriod: "#c2540a",
    emotion: "#c2327e",
    object: "#8a6a00",
    activity: "#7048c8",
  },
  dark: {
    person: "#5fb0f0",
    location: "#3ccf9a",
    lifePeriod: "#f59a55",
    emotion: "#f286c2",
    object: "#e8d44d",
    activity: "#b59cff",
  },
};

/**
 * Opaque colours only: sigma draws into a premultiplied-alpha canvas, where a translucent colour
 * comes out lighter than asked (a grey edge on white vanished).
 */
export interface CanvasColors {
  label: string;
  /** Behind a hovered node's label. */
  labelBackground: string;
  edge: string;
  /** Edges of the selected node. */
  edgeStrong: string;
  /** Edges and nodes pushed back while a node is selected or a search runs. */
  edgeFaint: string;
  nodeFaint: string;
}

export const canvasColors: Record<Theme, CanvasColors> = {
  light: {
    label: "#1f2230",
    labelBackground: "#ffffff",
    edge: "#bcc0cf",
    edgeStrong: "#3b4058",
    edgeFaint: "#eceef3",
    nodeFaint: "#d5d7e0",
  },
  dark: {
    label: "#eceef6",
    labelBackground: "#2a2c3a",
    edge: "#51556d",
    edgeStrong: "#d9dcef",
    edgeFaint: "#2a2c3a",
    nodeFaint: "#3b3d4d",
  },
};
