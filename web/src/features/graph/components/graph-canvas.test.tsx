import { render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { Graph as GraphAnswer } from "@/lib/api/types";
import { buildGraph } from "../explorer/graph-model";
import { GraphCanvas } from "./graph-canvas";

describe("the graph canvas", () => {
  it("says so, and points to the list, where the browser cannot draw WebGL", async () => {
    const answer: GraphAnswer = { nodes: [{ id: 1, name: "Ada", type: "person", memoryCount: 1 }], edges: [], sharedEdgesTotal: 0 };
    const { graph } = buildGraph(answer);
    const view = { visible: new Set(["1"]), matches: null, selected: null, neighbours: new Set<string>(), myself: null };
    render(<GraphCanvas graph={graph} view={view} theme="light" camera={null} onSelect={vi.fn()} label="Graph of 1 entity" />);
    expect(screen.getByRole("img", { name: "Graph of 1 entity" })).toBeInTheDocument();
    expect(await screen.findByText("This browser cannot draw the graph. The list shows every entity and its links.", {}, { timeout: 10_000 })).toBeInTheDocument();
  });
});
