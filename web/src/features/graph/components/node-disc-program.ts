import type { Attributes } from "graphology-types";
import type Sigma from "sigma";
import { NodeCircleProgram, NodeProgram, type ProgramInfo } from "sigma/rendering";
import type { Coordinates, NodeDisplayData, RenderParams } from "sigma/types";
import { floatColor } from "sigma/utils";

// Sigma's disc nodes (NodeCircleProgram: a triangle around each disc, cut round by its fragment
// shader, with the same shaders here, so the same picture), made cheaper in two ways for WebGL
// drawn in software (SwiftShader, as in Chromium without a GPU), where 10,000 nodes took some
// 200 ms a frame:
//
// - Without instancing. Sigma draws its discs as 10,000 instances of one triangle, and in
//   software each instance costs about as much as a draw call. Here each disc's three corners are
//   written out, angle included, and the layer is one plain draw.
// - Picking drawn only when it is read. Sigma draws every node a second time at each frame, in
//   colours made of their indices, into the texture that tells which node is under the pointer.
//   While the camera moves (a drag, the wheel's zoom, an animation) that drawing is put off until
//   sigma asks which node is at a point, and then drawn once for the frame on screen; while the
//   stage is dragged past sigma's click tolerance (no click can come of it) the answer is "none",
//   as nothing can be hovered or clicked then. At rest, it is drawn with each frame, as before.
//
// Loaded with sigma (it reads WebGL's constants when loaded), never where WebGL is missing.

const circle = NodeCircleProgram.prototype.getDefinition();
/** The corners' angles, which sigma's program passes once for all instances. */
const corners = circle.CONSTANT_DATA.map(([angle]) => angle!);
type Uniform = (typeof circle.UNIFORMS)[number];

type AnySigma = Sigma<Attributes, Attributes, Attributes>;

/** Whether sigma sees the camera as moving (its own test, which hides edges while moving). */
function cameraMoving(renderer: AnySigma): boolean {
  const captor = renderer.getMouseCaptor();
  return renderer.getCamera().isAnimated() || captor.isMoving || captor.draggedEvents > 0 || captor.currentWheelDirection !== 0;
}

/** Whether the mouse drags the stage past the click tolerance: nothing is hovered or clicked then. */
function draggingStage(renderer: AnySigma): boolean {
  const captor = renderer.getMouseCaptor();
  return captor.isMouseDown && captor.draggedEvents >= renderer.getSetting("draggedEventsTolerance");
}

interface DeferredPicking {
  drawDeferredPicking(): void;
}

const programsOf = new WeakMap<AnySigma, Set<DeferredPicking>>();

/** Has `renderer` draw its programs' deferred picking before it reads which node is at a point. */
function pickOnDemand(renderer: AnySigma, program: DeferredPicking) {
  let programs = programsOf.get(renderer);
  if (!programs) {
    const all = new Set<DeferredPicking>();
    programs = all;
    programsOf.set(renderer, all);
    // Sigma's one way to the picking texture (hover, clicks, wheel and button events on nodes).
    const target = renderer as unknown as { getNodeAtPosition(position: Coordinates): string | null };
    const read = target.getNodeAtPosition.bind(renderer);
    target.getNodeAtPosition = (position) => {
      if (draggingStage(renderer)) return null;
      for (const deferred of all) deferred.drawDeferredPicking();
      return read(position);
    };
  }
  programs.add(program);
}

export class NodeDiscProgram<N extends Attributes = Attributes, E extends Attributes = Attributes, G extends Attributes = Attributes> extends NodeProgram<
  Uniform,
  N,
  E,
  G
> {
  /** The last frame's parameters when its picking was put off. */
  private deferred: RenderParams | null = null;

  constructor(gl: WebGLRenderingContext | WebGL2RenderingContext, pickingBuffer: WebGLFramebuffer | null, renderer: Sigma<N, E, G>) {
    super(gl, pickingBuffer, renderer);
    if (this.pickProgram) pickOnDemand(this.renderer as unknown as AnySigma, this);
  }

  getDefinition() {
    // No CONSTANT_ATTRIBUTES key: sigma then draws with drawArrays, one vertex per corner.
    return {
      VERTICES: corners.length,
      VERTEX_SHADER_SOURCE: circle.VERTEX_SHADER_SOURCE,
      FRAGMENT_SHADER_SOURCE: circle.FRAGMENT_SHADER_SOURCE,
      METHOD: circle.METHOD,
      UNIFORMS: circle.UNIFORMS,
      ATTRIBUTES: [...circle.ATTRIBUTES, ...circle.CONSTANT_ATTRIBUTES],
    };
  }

  processVisibleItem(nodeIndex: number, startIndex: number, data: NodeDisplayData): void {
    const array = this.array;
    const color = floatColor(data.color);
    let i = startIndex;
    for (const angle of corners) {
      // In the order of ATTRIBUTES: a_position, a_size, a_color, a_id, then a_angle.
      array[i++] = data.x;
      array[i++] = data.y;
      array[i++] = data.size;
      array[i++] = color;
      array[i++] = nodeIndex;
      array[i++] = angle;
    }
  }

  setUniforms(params: RenderParams, { gl, uniformLocations }: ProgramInfo<Uniform>): void {
    gl.uniform1f(uniformLocations.u_correctionRatio, params.correctionRatio);
    gl.uniform1f(uniformLocations.u_sizeRatio, params.sizeRatio);
    gl.uniformMatrix3fv(uniformLocations.u_matrix, false, params.matrix);
  }

  render(params: RenderParams): void {
    const pick = this.pickProgram;
    this.deferred = null;
    if (!pick || !cameraMoving(this.renderer as unknown as AnySigma)) {
      super.render(params);
      return;
    }
    this.pickProgram = null;
    try {
      super.render(params);
    } finally {
      this.pickProgram = pick;
    }
    if (!this.hasNothingToRender()) this.deferred = params;
  }

  /** Draws the picking left out of the frame on screen, into that frame's picking texture. */
  drawDeferredPicking(): void {
    const params = this.deferred;
    const pick = this.pickProgram;
    this.deferred = null;
    if (!params || !pick) return;
    // As sigma's Program.render draws it: at the picking texture's reduced size.
    const ratio = params.pixelRatio / params.downSizingRatio;
    pick.gl.viewport(0, 0, params.width * ratio, params.height * ratio);
    this.bindProgram(pick);
    this.renderProgram({ ...params, pixelRatio: ratio }, pick);
    this.unbindProgram(pick);
  }

  kill(): void {
    programsOf.get(this.renderer as unknown as AnySigma)?.delete(this);
    super.kill();
  }
}
