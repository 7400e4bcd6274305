import type Sigma from "sigma";
import type { NodeDisplayData, RenderParams } from "sigma/types";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { NodeDiscProgram as NodeDiscProgramType } from "./node-disc-program";

// The disc program against sigma's own Program code, with a WebGL context that records what is
// drawn where (jsdom has no WebGL; sigma reads WebGL's constants when it loads).

const constants = {
  BOOL: 35670,
  BYTE: 5120,
  UNSIGNED_BYTE: 5121,
  SHORT: 5122,
  UNSIGNED_SHORT: 5123,
  INT: 5124,
  UNSIGNED_INT: 5125,
  FLOAT: 5126,
  POINTS: 0,
  LINES: 1,
  TRIANGLES: 4,
  ARRAY_BUFFER: 34962,
  STATIC_DRAW: 35044,
  DYNAMIC_DRAW: 35048,
  FRAMEBUFFER: 36160,
  BLEND: 3042,
  COLOR_BUFFER_BIT: 16384,
  VERTEX_SHADER: 35633,
  FRAGMENT_SHADER: 35632,
  COMPILE_STATUS: 35713,
  LINK_STATUS: 35714,
};

interface Draw {
  framebuffer: unknown;
  viewport: number[];
  vertices: number;
  instanced: boolean;
}

/** A WebGL context that compiles everything and records the draws. */
function recordingContext() {
  const draws: Draw[] = [];
  let framebuffer: unknown = null;
  let viewport: number[] = [];
  let location = 0;
  const methods: Record<string, (...args: unknown[]) => unknown> = {
    bindFramebuffer: (_target, target) => (framebuffer = target),
    viewport: (...args) => (viewport = args as number[]),
    drawArrays: (_mode, _first, count) => draws.push({ framebuffer, viewport, vertices: count as number, instanced: false }),
    drawArraysInstanced: (_mode, _first, count, instances) =>
      draws.push({ framebuffer, viewport, vertices: (count as number) * (instances as number), instanced: true }),
    getShaderParameter: () => true,
    getProgramParameter: () => true,
    getAttribLocation: () => location++,
  };
  const gl = new Proxy(
    { ...constants },
    { get: (target, name: string) => (name in target ? target[name as keyof typeof target] : (methods[name] ?? (() => ({})))) },
  );
  return { gl: gl as unknown as WebGL2RenderingContext, draws };
}

const params: RenderParams = {
  matrix: new Float32Array(9),
  invMatrix: new Float32Array(9),
  width: 800,
  height: 500,
  pixelRatio: 1,
  zoomRatio: 1,
  cameraAngle: 0,
  sizeRatio: 1,
  correctionRatio: 1,
  downSizingRatio: 2,
  minEdgeThickness: 1,
  antiAliasingFeather: 1,
};

function node(x: number, y: number, size: number, color: string): NodeDisplayData {
  return { x, y, size, color, label: null, hidden: false, forceLabel: false, zIndex: 0, type: "circle", highlighted: false };
}

let NodeDiscProgram: typeof NodeDiscProgramType;
let circleDefinition: ReturnType<(typeof import("sigma/rendering"))["NodeCircleProgram"]["prototype"]["getDefinition"]>;

beforeAll(async () => {
  vi.stubGlobal("WebGLRenderingContext", class {});
  vi.stubGlobal("WebGL2RenderingContext", class {});
  Object.assign(WebGLRenderingContext, constants);
  Object.assign(WebGL2RenderingContext, constants);
  ({ NodeDiscProgram } = await import("./node-disc-program"));
  circleDefinition = (await import("sigma/rendering")).NodeCircleProgram.prototype.getDefinition();
});

afterAll(() => {
  vi.unstubAllGlobals();
});

describe("the disc program", () => {
  const captor = { isMouseDown: false, isMoving: false, draggedEvents: 0, currentWheelDirection: 0 };
  let animated = false;
  let reads: number;
  let context: ReturnType<typeof recordingContext>;
  let program: NodeDiscProgramType;
  let renderer: { getNodeAtPosition(position: { x: number; y: number }): string | null };
  const pickingFramebuffer = { picking: true };

  beforeEach(() => {
    Object.assign(captor, { isMouseDown: false, isMoving: false, draggedEvents: 0, currentWheelDirection: 0 });
    animated = false;
    reads = 0;
    context = recordingContext();
    renderer = {
      getNodeAtPosition: () => {
        reads += 1;
        return "7";
      },
    };
    Object.assign(renderer, {
      getMouseCaptor: () => captor,
      getCamera: () => ({ isAnimated: () => animated }),
      getSetting: (name: string) => (name === "draggedEventsTolerance" ? 3 : undefined),
    });
    program = new NodeDiscProgram(context.gl, pickingFramebuffer, renderer as unknown as Sigma);
    program.reallocate(2);
    program.process(0, 0, node(1, 2, 5, "#ff0000"));
    program.process(1, 1, node(3, 4, 8, "#00ff00"));
  });

  it("draws sigma's discs with its shaders, each node's three corners written out, in one plain draw", () => {
    const definition = program.getDefinition();
    expect(definition).not.toHaveProperty("CONSTANT_ATTRIBUTES");
    expect(definition.VERTEX_SHADER_SOURCE).toBe(circleDefinition.VERTEX_SHADER_SOURCE);
    expect(definition.FRAGMENT_SHADER_SOURCE).toBe(circleDefinition.FRAGMENT_SHADER_SOURCE);
    expect(definition.ATTRIBUTES.map((attribute) => attribute.name)).toEqual(["a_position", "a_size", "a_color", "a_id", "a_angle"]);
    // As the Float32Array holds them.
    const angles = circleDefinition.CONSTANT_DATA.map(([angle]) => Math.fround(angle!));
    // Per corner: x, y, size, colour, index, angle.
    const corners = Array.from({ length: 6 }, (_, corner) => Array.from(program.array.slice(corner * 6, corner * 6 + 6)));
    expect(corners.map(([x, y, size, , , angle]) => [x, y, size, angle])).toEqual([
      [1, 2, 5, angles[0]],
      [1, 2, 5, angles[1]],
      [1, 2, 5, angles[2]],
      [3, 4, 8, angles[0]],
      [3, 4, 8, angles[1]],
      [3, 4, 8, angles[2]],
    ]);
    expect(new Set(corners.slice(0, 3).map((corner) => corner[3])).size).toBe(1);
    expect(corners[0]![3]).not.toBe(corners[3]![3]);

    program.render(params);
    expect(context.draws.every((draw) => !draw.instanced && draw.vertices === 6)).toBe(true);
  });

  it("at rest draws the picking texture, at its reduced size, with each frame", () => {
    program.render(params);
    expect(context.draws.map((draw) => [draw.framebuffer, draw.viewport])).toEqual([
      [pickingFramebuffer, [0, 0, 400, 250]],
      [null, [0, 0, 800, 500]],
    ]);
    expect(renderer.getNodeAtPosition({ x: 10, y: 10 })).toBe("7");
    expect(context.draws).toHaveLength(2);
    expect(reads).toBe(1);
  });

  it("while the camera moves draws the picking only when sigma reads it, once per frame", () => {
    for (const moving of [() => (animated = true), () => (captor.currentWheelDirection = 1), () => (captor.isMoving = true)]) {
      context.draws.length = 0;
      animated = false;
      captor.currentWheelDirection = 0;
      captor.isMoving = false;
      moving();
      program.render(params);
      expect(context.draws.map((draw) => draw.framebuffer)).toEqual([null]);
      expect(renderer.getNodeAtPosition({ x: 10, y: 10 })).toBe("7");
      expect(context.draws.map((draw) => [draw.framebuffer, draw.viewport])).toEqual([
        [null, [0, 0, 800, 500]],
        [pickingFramebuffer, [0, 0, 400, 250]],
      ]);
      renderer.getNodeAtPosition({ x: 20, y: 20 });
      expect(context.draws).toHaveLength(2);
    }
  });

  it("while the stage is dragged past the click tolerance, finds no node and draws no picking", () => {
    captor.isMouseDown = true;
    captor.draggedEvents = 3;
    program.render(params);
    expect(renderer.getNodeAtPosition({ x: 10, y: 10 })).toBeNull();
    expect(reads).toBe(0);
    expect(context.draws.map((draw) => draw.framebuffer)).toEqual([null]);

    // Within the tolerance a click can still come: the picking is drawn and read.
    captor.draggedEvents = 1;
    program.render(params);
    expect(renderer.getNodeAtPosition({ x: 10, y: 10 })).toBe("7");
    expect(reads).toBe(1);
    expect(context.draws.at(-1)!.framebuffer).toBe(pickingFramebuffer);
  });
});
