// The three.js scene of the stack: one board per shown layer (checkered plane, frame and
// turn label, cached per turn), the pieces as instanced meshes per kind, colour and
// solidity, square and ring markers, and tubes for the arrows and check lines. It draws a
// StackModel on demand (never in a loop), picks along a ray, projects positions for the
// test hook, and renders mono, red/blue anaglyph or side by side.
import {
  Box3,
  CanvasTexture,
  CatmullRomCurve3,
  Color,
  ConeGeometry,
  CurvePath,
  DirectionalLight,
  BackSide,
  DoubleSide,
  DynamicDrawUsage,
  Frustum,
  Group,
  HemisphereLight,
  InstancedBufferAttribute,
  InstancedMesh,
  LineCurve3,
  Material,
  Matrix4,
  Mesh,
  MeshBasicMaterial,
  MeshStandardMaterial,
  NearestFilter,
  Object3D,
  PerspectiveCamera,
  PlaneGeometry,
  Quaternion,
  Raycaster,
  RingGeometry,
  Scene,
  Shape,
  ShapeGeometry,
  SRGBColorSpace,
  Sprite,
  SpriteMaterial,
  StereoCamera,
  TubeGeometry,
  Vector2,
  Vector3,
  WebGLRenderer,
  type BufferGeometry,
} from 'three';
import { AnaglyphEffect } from 'three/examples/jsm/effects/AnaglyphEffect.js';
import type { ChessColor } from '../../../lib/bindings/ChessColor';
import { leanMaterial, type LeanLights } from '../../../lib/webgl/lean';
import { boxRect, DrawnView, drawScissored, meets, mergeRects, type Rect } from '../../../lib/webgl/partial';
import type { RenderTier } from '../../../lib/webgl/quality';
import type { Kind } from '../../../lib/bindings/Kind';
import { arrowCurve, layerY, orbitEye, posName, squareAt, squareCentre, type Orbit, type Spot } from './layout';
import type { PieceMark, StackModel } from './model';
import { KINDS, pieceGeometries } from './pieces';

/** How the scene is shown: plain, red/blue anaglyph (section 4.4.1) or side by side. */
export type StereoMode = 'off' | 'anaglyph' | 'sideBySide';

/** The colour of the engine's suggested move, the same in both schemes (as the 2D board's). */
const HINT_COLOUR = '#1f7ae0';

/** The colours of one theme. */
export interface Palette {
  background: string;
  light: string;
  dark: string;
  edge: string;
  present: string;
  check: string;
  label: string;
  white: string;
  black: string;
  destination: string;
  lastMove: string;
  selected: string;
  braindead: string;
  ghost: string;
  /** The edge round white and black arrows across time. */
  arrowCasingWhite: string;
  arrowCasingBlack: string;
}

/** Light and dark palettes: wood boards in both, pieces ivory and ebony. */
export const PALETTES: Record<'light' | 'dark', Palette> = {
  light: {
    background: '#ece7dc',
    light: '#f0dcb4',
    dark: '#b98a5a',
    edge: '#8a6a44',
    present: '#1a5fcf',
    check: '#d21f3c',
    label: '#3b2a14',
    white: '#fbf8f0',
    black: '#26252a',
    destination: '#0f9d58',
    lastMove: '#f2c230',
    selected: '#1a5fcf',
    braindead: '#8e44ad',
    ghost: '#4f9dde',
    arrowCasingWhite: '#2b2118',
    arrowCasingBlack: '#f4ead8',
  },
  dark: {
    background: '#1b1e23',
    light: '#e3cda4',
    dark: '#a87c4f',
    edge: '#8a6a44',
    present: '#5a9bff',
    check: '#ff4d5e',
    label: '#eceae5',
    white: '#fbf8f0',
    black: '#2a2930',
    destination: '#2ecc71',
    lastMove: '#f5cf3a',
    selected: '#5a9bff',
    braindead: '#b07ad8',
    ghost: '#7fc4ff',
    arrowCasingWhite: '#2b2118',
    arrowCasingBlack: '#f4ead8',
  },
};

/** What the test hook reads about one drawn piece. */
export interface PieceRecord {
  kind: Kind;
  color: ChessColor;
  layer: number;
  square: string;
  opacity: number;
  ghost: boolean;
  braindead: boolean;
  /** A king instance in check. */
  inCheck: boolean;
}

interface LayerObjects {
  board: Mesh;
  frame: Mesh;
  label: Sprite;
  boardMaterial: MeshBasicMaterial;
  frameMaterial: MeshBasicMaterial;
}

/** A piece mesh's instance → the position it stands for, for picking. */
interface Batch {
  mesh: InstancedMesh;
  spots: Spot[];
}

const CAMERA_FOV = 38;
/** What a layer draws reaches this far round the stack's axis (the frame, the turn label). */
const LAYER_REACH = 6;
/** ... and this far below and above its board (the label; the king's cross). */
const LAYER_BELOW = 0.8;
const LAYER_ABOVE = 1.6;
const boxMin = new Vector3();
const boxMax = new Vector3();
const bufferSize = new Vector2();
const up = new Vector3(0, 1, 0);
const m4 = new Matrix4();
const q = new Quaternion();
const v3 = new Vector3();
const scale1 = new Vector3(1, 1, 1);
const col = new Color();
const tint = new Color();

/** The scene's lights restated for the lean tier's materials (see lib/webgl/lean.ts). */
const LIGHTS: LeanLights = { sky: 0xffffff, ground: 0x6b5a48, hemisphere: 1.5, key: 1.6, direction: [5, 12, 7], space: 'world' };

/** The pieces' material: physically based, or (lean tier) a few lines of diffuse and highlight. */
function pieceMaterial(lean: boolean, faded: boolean): MeshStandardMaterial | MeshBasicMaterial {
  const blend = faded ? { transparent: true, depthWrite: false } : {};
  return lean
    ? leanMaterial(blend, { lights: LIGHTS, specular: 0.12, shininess: 24, cacheKey: faded ? 'stack3d-faded' : 'stack3d-solid' })
    : new MeshStandardMaterial({ roughness: faded ? 0.45 : 0.42, metalness: faded ? 0.05 : 0.06, ...blend });
}

// Faded pieces get a per-instance opacity (three's instance colour has no alpha).
function fadedMaterial(lean: boolean): MeshStandardMaterial | MeshBasicMaterial {
  const material = pieceMaterial(lean, true);
  const previous = material.onBeforeCompile.bind(material);
  material.onBeforeCompile = (shader, renderer) => {
    previous(shader, renderer);
    shader.vertexShader = shader.vertexShader
      .replace('#include <common>', '#include <common>\nattribute float instanceOpacity;\nvarying float vInstanceOpacity;')
      .replace('#include <begin_vertex>', '#include <begin_vertex>\nvInstanceOpacity = instanceOpacity;');
    shader.fragmentShader = shader.fragmentShader
      .replace('#include <common>', '#include <common>\nvarying float vInstanceOpacity;')
      .replace('#include <color_fragment>', '#include <color_fragment>\ndiffuseColor.a *= vInstanceOpacity;');
  };
  const previousKey = material.customProgramCacheKey.bind(material);
  material.customProgramCacheKey = () => `${previousKey()}|stack3d-faded`;
  return material;
}

function checkerTexture(p: Palette): CanvasTexture {
  const canvas = document.createElement('canvas');
  canvas.width = 8;
  canvas.height = 8;
  const g = canvas.getContext('2d');
  if (g) {
    for (let r = 0; r < 8; r++) {
      for (let f = 0; f < 8; f++) {
        // a1 (bottom-left on the texture, rank 0 at the canvas's last row) is dark.
        g.fillStyle = (f + r) % 2 === 0 ? p.dark : p.light;
        g.fillRect(f, 7 - r, 1, 1);
      }
    }
  }
  const texture = new CanvasTexture(canvas);
  texture.magFilter = NearestFilter;
  texture.minFilter = NearestFilter;
  texture.colorSpace = SRGBColorSpace;
  return texture;
}

function labelTexture(text: string, color: string): CanvasTexture {
  const canvas = document.createElement('canvas');
  canvas.width = 128;
  canvas.height = 64;
  const g = canvas.getContext('2d');
  if (g) {
    g.font = '600 40px Inter, "Noto Sans", "DejaVu Sans", sans-serif';
    g.textAlign = 'center';
    g.textBaseline = 'middle';
    g.fillStyle = color;
    g.fillText(text, 64, 34);
  }
  const texture = new CanvasTexture(canvas);
  texture.colorSpace = SRGBColorSpace;
  return texture;
}

function frameGeometry(outer: number, inner: number): BufferGeometry {
  const s = new Shape();
  s.moveTo(-outer, -outer);
  s.lineTo(outer, -outer);
  s.lineTo(outer, outer);
  s.lineTo(-outer, outer);
  s.lineTo(-outer, -outer);
  const hole = new Shape();
  hole.moveTo(-inner, -inner);
  hole.lineTo(-inner, inner);
  hole.lineTo(inner, inner);
  hole.lineTo(inner, -inner);
  hole.lineTo(-inner, -inner);
  s.holes.push(hole);
  return new ShapeGeometry(s).rotateX(-Math.PI / 2);
}

function lifted(spot: Spot, lift: number): Vector3 {
  const [x, y, z] = squareCentre(spot);
  return new Vector3(x, y + lift, z);
}

/** The stack's scene, renderer and camera on one canvas. */
export class StackScene {
  readonly renderer: WebGLRenderer;
  readonly camera = new PerspectiveCamera(CAMERA_FOV, 1, 0.5, 1000);
  #scene = new Scene();
  #palette: Palette;
  #checker: CanvasTexture;
  #boardGeometry = new PlaneGeometry(8, 8).rotateX(-Math.PI / 2);
  #frameGeometry = frameGeometry(4.22, 4.02);
  #checkFrameGeometry = frameGeometry(4.4, 4.02);
  #layers = new Map<number, LayerObjects>();
  #labels = new Map<string, CanvasTexture>();
  #pieceGeometries: ReturnType<typeof pieceGeometries>;
  #lowGeometries: ReturnType<typeof pieceGeometries>;
  #solid: Material;
  #faded: Material;
  #batches = new Map<string, Batch>();
  #squareGeometry = new PlaneGeometry(0.92, 0.92).rotateX(-Math.PI / 2);
  #ringGeometry = new RingGeometry(0.33, 0.43, 28).rotateX(-Math.PI / 2);
  #squareMaterial = new MeshBasicMaterial({ transparent: true, opacity: 0.55, depthWrite: false, side: DoubleSide });
  #ringMaterial = new MeshBasicMaterial({ transparent: true, opacity: 0.9, depthWrite: false, side: DoubleSide });
  #squares: InstancedMesh;
  #rings: InstancedMesh;
  #overlay = new Group();
  #effect: AnaglyphEffect;
  #stereoCamera = new StereoCamera();
  #stereo: StereoMode = 'off';
  #ratio = 1;
  #interacting = false;
  #coarse = false;
  #lastFrameAt = 0;
  #slowFrames = 0;
  #width = 1;
  #height = 1;
  #frame = 0;
  #tween = 0;
  #orbit: Orbit = { target: [0, 0, 0], radius: 24, azimuth: 0.35, polar: 1.12 };
  #model: StackModel | null = null;
  #visible: number[] = [];
  #records: PieceRecord[] = [];
  #groups = new Map<string, PieceMark[]>();
  #inView = '';
  #frustum = new Frustum();
  #box = new Box3();
  /** Frames drawn so far (the test hook and the benchmark read it). */
  renders = 0;
  /** Milliseconds of the last update and the last render call, when that frame ended, and
   * when the microtasks queued by the last update ran (the page's reaction to a change, Svelte's
   * effects included, is over then; the benchmark's `js` phase ends there). */
  timing = { update: 0, render: 0, frameAt: 0, settledAt: 0 };
  #frameListeners: (() => void)[] = [];
  /** Lean tier: after a change that leaves the camera, the size and the colours alone (a
   * move, a selection), redraw only the screen rectangles of the layers whose drawing
   * changed, on the kept drawing buffer (see lib/webgl/partial.ts). */
  #partialAllowed: boolean;
  /** Something beyond some layers' drawing changed (the camera, the size, the colours): the
   * next frame is full. */
  #fullNeeded = true;
  #drawn = new DrawnView();
  /** What each shown layer draws, as text: a layer whose text changed is redrawn. */
  #layerKeys = new Map<number, string>();
  /** Layers (turns) and world boxes (arrows, check lines) changed since the last frame. */
  #dirtyLayers = new Set<number>();
  #dirtyBoxes: Box3[] = [];
  /** The overlay's arrows and check lines by what they show, kept while they stay. */
  #overlayItems = new Map<string, { meshes: Mesh[]; box: Box3 }>();
  /** Whether the last frame redrew the whole canvas or only the rectangles a change touched. */
  lastFrame: 'full' | 'partial' = 'full';
  /** Frames that redrew only some rectangles (the test hook and the benchmark read it). */
  partialFrames = 0;
  /** The level of detail drawn (see lib/webgl/quality.ts). */
  readonly tier: RenderTier;

  constructor(canvas: HTMLCanvasElement, scheme: 'light' | 'dark', screenshots = false, tier: RenderTier = 'full') {
    this.tier = tier;
    const lean = tier === 'lean';
    // Lean (a software rasteriser): no multisampling, at most one buffer pixel per CSS pixel,
    // cheaper shading and coarser pieces (see pieces.ts); the layout is the same.
    // The lean tier keeps the drawing buffer: its partial frames draw onto the last frame.
    this.renderer = new WebGLRenderer({ canvas, antialias: !lean, preserveDrawingBuffer: screenshots || lean });
    this.#partialAllowed = lean;
    this.#ratio = Math.min(lean ? 1 : 2, window.devicePixelRatio || 1);
    this.#pieceGeometries = pieceGeometries(lean ? 'low' : 'full');
    this.#lowGeometries = pieceGeometries(lean ? 'lean' : 'low');
    this.#solid = pieceMaterial(lean, false);
    this.#faded = fadedMaterial(lean);
    this.renderer.setPixelRatio(this.#ratio);
    this.#palette = PALETTES[scheme];
    this.#checker = checkerTexture(this.#palette);
    this.#effect = new AnaglyphEffect(this.renderer, 1, 1);
    this.#squares = this.#instanced(this.#squareGeometry, this.#squareMaterial, 64);
    this.#rings = this.#instanced(this.#ringGeometry, this.#ringMaterial, 32);
    const sky = new HemisphereLight(0xffffff, 0x6b5a48, 1.5);
    const sun = new DirectionalLight(0xffffff, 1.6);
    sun.position.set(5, 12, 7);
    this.#scene.add(sky, sun, this.#overlay);
    this.#applyPalette();
  }

  #instanced(geometry: BufferGeometry, material: Material, capacity: number): InstancedMesh {
    const mesh = new InstancedMesh(geometry, material, capacity);
    mesh.instanceMatrix.setUsage(DynamicDrawUsage);
    mesh.count = 0;
    mesh.frustumCulled = false;
    mesh.renderOrder = 3;
    this.#scene.add(mesh);
    return mesh;
  }

  #applyPalette(): void {
    this.renderer.setClearColor(this.#palette.background, 1);
  }

  /** Switches the colours to a theme (redraws on the next render). */
  setScheme(scheme: 'light' | 'dark'): void {
    const palette = PALETTES[scheme];
    if (palette === this.#palette) return;
    this.#palette = palette;
    this.#checker.dispose();
    this.#checker = checkerTexture(palette);
    for (const layer of this.#layers.values()) {
      layer.boardMaterial.map = this.#checker;
      layer.boardMaterial.needsUpdate = true;
    }
    this.#applyPalette();
    this.#clearOverlay();
    this.#fullNeeded = true;
    if (this.#model) this.update(this.#model, this.#visible);
  }

  /** The camera's orbit. */
  get orbit(): Orbit {
    return this.#orbit;
  }

  /** The stereo mode. */
  get stereo(): StereoMode {
    return this.#stereo;
  }

  /** Sets the camera at once (no animation) and redraws. */
  setOrbit(orbit: Orbit): void {
    cancelAnimationFrame(this.#tween);
    this.#tween = 0;
    this.#orbit = orbit;
    this.#placeCamera();
    this.requestRender();
  }

  /** Moves the camera to `orbit` over a short glide, or at once when motion is reduced. */
  glideTo(orbit: Orbit, reducedMotion: boolean): void {
    if (reducedMotion) return this.setOrbit(orbit);
    cancelAnimationFrame(this.#tween);
    const start = this.#orbit;
    const t0 = performance.now();
    const lerp = (a: number, b: number, t: number) => a + (b - a) * t;
    let da = orbit.azimuth - start.azimuth;
    da = Math.atan2(Math.sin(da), Math.cos(da));
    const step = () => {
      const t = Math.min(1, (performance.now() - t0) / 380);
      const e = t * t * (3 - 2 * t);
      this.#orbit = {
        target: [0, 1, 2].map((i) => lerp(start.target[i], orbit.target[i], e)) as Orbit['target'],
        radius: lerp(start.radius, orbit.radius, e),
        azimuth: start.azimuth + da * e,
        polar: lerp(start.polar, orbit.polar, e),
      };
      this.#placeCamera();
      this.render();
      this.#tween = t < 1 ? requestAnimationFrame(step) : 0;
    };
    this.#tween = requestAnimationFrame(step);
  }

  #placeCamera(): void {
    const [x, y, z] = orbitEye(this.#orbit);
    this.camera.position.set(x, y, z);
    this.camera.up.copy(up);
    this.camera.lookAt(...this.#orbit.target);
    this.camera.near = Math.max(0.1, this.#orbit.radius / 50);
    this.camera.far = this.#orbit.radius * 4 + 200;
    this.camera.updateProjectionMatrix();
    this.camera.updateMatrixWorld();
  }

  /** The aspect ratio of one eye's view. */
  get aspect(): number {
    return (this.#stereo === 'sideBySide' ? this.#width / 2 : this.#width) / this.#height;
  }

  /** Resizes the drawing buffer to the canvas's CSS size. */
  resize(width: number, height: number): void {
    this.#width = Math.max(1, Math.round(width));
    this.#height = Math.max(1, Math.round(height));
    this.#applySize();
    this.camera.aspect = this.aspect;
    this.#placeCamera();
    this.requestRender();
  }

  #applySize(): void {
    this.renderer.setPixelRatio(this.#coarse ? this.#ratio / 2 : this.#ratio);
    this.renderer.setSize(this.#width, this.#height, false);
    this.#effect.setSize(this.#width, this.#height);
    // AnaglyphEffect.setSize also sets the canvas's CSS size; the wrapper's CSS governs it.
    this.renderer.domElement.style.width = '';
    this.renderer.domElement.style.height = '';
  }

  /**
   * A drag starts or ends. While dragging, frames slower than 45 ms (a software
   * rasteriser, a huge stack) switch to half resolution until the drag ends, which keeps
   * orbiting responsive; the full-resolution frame is drawn on release.
   */
  interact(on: boolean): void {
    this.#interacting = on;
    this.#slowFrames = 0;
    this.#lastFrameAt = 0;
    if (!on && this.#coarse) {
      this.#coarse = false;
      this.#applySize();
      this.requestRender();
    }
  }

  #watchFrameRate(now: number): void {
    if (!this.#interacting || this.#coarse) return;
    if (this.#lastFrameAt && now - this.#lastFrameAt > 45) this.#slowFrames++;
    this.#lastFrameAt = now;
    if (this.#slowFrames >= 2) {
      this.#coarse = true;
      this.#applySize();
    }
  }

  /** Switches the stereo mode and redraws. */
  setStereo(mode: StereoMode): void {
    this.#stereo = mode;
    this.camera.aspect = this.aspect;
    this.#placeCamera();
    this.requestRender();
  }

  #layer(turn: number): LayerObjects {
    let layer = this.#layers.get(turn);
    if (layer) return layer;
    const boardMaterial = new MeshBasicMaterial({ map: this.#checker, transparent: true, side: DoubleSide });
    const frameMaterial = new MeshBasicMaterial({ transparent: true, side: DoubleSide, depthWrite: false });
    const board = new Mesh(this.#boardGeometry, boardMaterial);
    board.position.y = layerY(turn);
    board.userData.turn = turn;
    const frame = new Mesh(this.#frameGeometry, frameMaterial);
    frame.renderOrder = 1;
    frame.position.y = layerY(turn) - 0.005;
    const label = new Sprite(new SpriteMaterial({ transparent: true, depthWrite: false }));
    label.position.set(-5.05, layerY(turn) + 0.15, 3.6);
    label.scale.set(1.5, 0.75, 1);
    layer = { board, frame, label, boardMaterial, frameMaterial };
    this.#scene.add(board, frame, label);
    this.#layers.set(turn, layer);
    return layer;
  }

  #label(text: string, color: string): CanvasTexture {
    const key = `${text}|${color}`;
    let texture = this.#labels.get(key);
    if (!texture) {
      texture = labelTexture(text, color);
      this.#labels.set(key, texture);
    }
    return texture;
  }

  #batch(kind: Kind, color: ChessColor, faded: boolean, needed: number): Batch {
    const key = `${kind}-${color}-${faded ? 'faded' : 'solid'}`;
    let batch = this.#batches.get(key);
    if (batch && batch.mesh.instanceMatrix.count >= needed) return batch;
    let capacity = 16;
    while (capacity < needed) capacity *= 2;
    if (batch) {
      this.#scene.remove(batch.mesh);
      batch.mesh.dispose();
    }
    // Faded pieces get their own low-detail geometry, which carries the opacity attribute.
    const geometry = faded ? this.#lowGeometries[kind].clone() : this.#pieceGeometries[kind];
    const mesh = new InstancedMesh(geometry, faded ? this.#faded : this.#solid, capacity);
    mesh.instanceMatrix.setUsage(DynamicDrawUsage);
    mesh.setColorAt(0, col.set(0xffffff));
    if (faded) mesh.geometry.setAttribute('instanceOpacity', new InstancedBufferAttribute(new Float32Array(capacity), 1));
    mesh.frustumCulled = false;
    // Faded pieces after the (depth-less) boards, so no lower layer's piece is washed out.
    mesh.renderOrder = faded ? 2 : 0;
    mesh.userData.kind = kind;
    this.#scene.add(mesh);
    batch = { mesh, spots: [] };
    // A new mesh joins the scene's drawing order: not for a partial frame.
    this.#fullNeeded = true;
    this.#batches.set(key, batch);
    return batch;
  }

  /** Draws `model` with only the layers of `visible` (ascending turns) shown. */
  update(model: StackModel, visible: number[]): void {
    const started = performance.now();
    this.#model = model;
    this.#visible = visible;
    const shown = new Set(visible);
    const p = this.#palette;
    // Boards.
    for (const layer of this.#layers.values()) {
      layer.board.visible = false;
      layer.frame.visible = false;
      layer.label.visible = false;
    }
    for (const mark of model.layers) {
      if (!shown.has(mark.turn)) continue;
      const layer = this.#layer(mark.turn);
      const present = mark.era === 'present';
      layer.board.visible = layer.frame.visible = layer.label.visible = true;
      // Boards are more see-through than their pieces, so lower layers show through.
      layer.boardMaterial.opacity = mark.era === 'future' ? 0.12 : present ? 0.88 : mark.opacity * 0.55;
      layer.boardMaterial.depthWrite = false;
      layer.board.renderOrder = 1;
      layer.frame.geometry = mark.check ? this.#checkFrameGeometry : this.#frameGeometry;
      layer.frameMaterial.color.set(mark.check ? p.check : present ? p.present : p.edge);
      layer.frameMaterial.opacity = mark.check || present ? 1 : Math.max(0.35, mark.opacity);
      const labelMaterial = layer.label.material;
      labelMaterial.map = this.#label(String(mark.turn), mark.check ? p.check : present ? p.present : p.label);
      labelMaterial.opacity = present || mark.check ? 1 : Math.max(0.45, mark.opacity);
      labelMaterial.needsUpdate = true;
    }
    // What each shown layer draws, to find the layers a partial frame must redraw.
    const keys = new Map<number, string[]>();
    const note = (turn: number, part: string) => keys.get(turn)?.push(part);
    for (const mark of model.layers) if (shown.has(mark.turn)) keys.set(mark.turn, [`${mark.era} ${mark.opacity} ${mark.check}`]);
    // Pieces, grouped by kind, colour and solidity; the test hook's records list them all.
    this.#groups = new Map();
    this.#records = [];
    for (const piece of model.pieces) {
      if (!shown.has(piece.turn)) continue;
      note(piece.turn, `${piece.kind} ${piece.color} ${piece.file}${piece.rank} ${piece.opacity} ${+piece.ghost}${+piece.braindead}${+piece.selected}${+piece.inCheck}`);
      const key = `${piece.kind}-${piece.color}-${piece.opacity >= 1 ? 'solid' : 'faded'}`;
      const list = this.#groups.get(key) ?? [];
      list.push(piece);
      this.#groups.set(key, list);
      this.#records.push({
        kind: piece.kind,
        color: piece.color,
        layer: piece.turn,
        square: `${String.fromCharCode(97 + piece.file)}${piece.rank + 1}`,
        opacity: piece.opacity,
        ghost: piece.ghost,
        braindead: piece.braindead,
        inCheck: piece.inCheck,
      });
    }
    this.#inView = '';
    this.#updateMarkers(model, shown, note);
    this.#updateOverlay(model, shown);
    for (const [turn, parts] of keys) {
      const key = parts.join('|');
      if (this.#layerKeys.get(turn) !== key) this.#dirtyLayers.add(turn);
      this.#layerKeys.set(turn, key);
    }
    for (const turn of this.#layerKeys.keys()) {
      if (keys.has(turn)) continue;
      this.#dirtyLayers.add(turn);
      this.#layerKeys.delete(turn);
    }
    this.timing.update = performance.now() - started;
    queueMicrotask(() => (this.timing.settledAt = performance.now()));
    this.requestRender(false);
  }

  /** The shown layers inside the camera's view (the rest need not be drawn). */
  #layersInView(): number[] {
    this.#frustum.setFromProjectionMatrix(m4.multiplyMatrices(this.camera.projectionMatrix, this.camera.matrixWorldInverse));
    return this.#visible.filter((turn) => {
      const y = layerY(turn);
      // Side by side, the eyes see a little more than the centre camera.
      this.#box.min.set(-5.5, y - 0.5, -5.5);
      this.#box.max.set(5.5, y + 1.5, 5.5);
      return this.#frustum.intersectsBox(this.#box);
    });
  }

  /**
   * Fills the piece meshes with the instances of the layers in view, only when that set
   * changed: a long game seen from near its present draws a few layers, not all of them.
   */
  #fillPieces(): void {
    const inView = this.#layersInView();
    const key = inView.join(',');
    if (key === this.#inView) return;
    this.#inView = key;
    const wanted = new Set(inView);
    const p = this.#palette;
    for (const batch of this.#batches.values()) {
      batch.mesh.count = 0;
      batch.spots = [];
    }
    for (const kind of KINDS) {
      for (const color of ['white', 'black'] as const) {
        for (const faded of [false, true]) {
          const all = this.#groups.get(`${kind}-${color}-${faded ? 'faded' : 'solid'}`) ?? [];
          const list = all.filter((piece) => wanted.has(piece.turn));
          if (list.length === 0) continue;
          const batch = this.#batch(kind, color, faded, list.length);
          const opacity = faded ? (batch.mesh.geometry.getAttribute('instanceOpacity') as InstancedBufferAttribute) : null;
          list.forEach((piece, i) => {
            const [x, y, z] = squareCentre(piece);
            // Knights face the opponent; the head is modelled looking towards -x.
            q.setFromAxisAngle(up, kind === 'knight' ? (color === 'white' ? -Math.PI / 2 : Math.PI / 2) : 0);
            m4.compose(v3.set(x, y + 0.005, z), q, scale1);
            batch.mesh.setMatrixAt(i, m4);
            col.set(color === 'white' ? p.white : p.black);
            if (piece.selected) col.lerp(tint.set(p.selected), 0.55);
            if (piece.inCheck) col.lerp(tint.set(p.check), 0.7);
            if (piece.braindead) col.lerp(tint.set(p.braindead), 0.35);
            // A ghost (a traveller still in the queue) is tinted as well as translucent.
            if (piece.ghost) col.lerp(tint.set(p.ghost), 0.5);
            batch.mesh.setColorAt(i, col);
            if (opacity) opacity.setX(i, piece.opacity);
            batch.spots.push(piece);
          });
          batch.mesh.count = list.length;
          batch.mesh.instanceMatrix.needsUpdate = true;
          if (batch.mesh.instanceColor) batch.mesh.instanceColor.needsUpdate = true;
          if (opacity) opacity.needsUpdate = true;
        }
      }
    }
  }

  #updateMarkers(model: StackModel, shown: Set<number>, note: (turn: number, part: string) => void): void {
    const p = this.#palette;
    const squares: [Spot, string][] = [];
    const rings: [Spot, string][] = [];
    for (const spot of model.lastMove) squares.push([spot, p.lastMove]);
    for (const piece of model.pieces) {
      if (piece.selected) squares.push([piece, p.selected]);
      if (piece.inCheck) {
        squares.push([piece, p.check]);
        rings.push([piece, p.check]);
      }
      if (piece.braindead && !piece.ghost) rings.push([piece, p.braindead]);
    }
    for (const d of model.destinations) {
      squares.push([d, p.destination]);
      // A capture is also marked by shape, not by colour alone.
      if (d.capture) rings.push([d, p.destination]);
    }
    const fill = (mesh: InstancedMesh, marks: [Spot, string][], lift: number): InstancedMesh => {
      const list = marks.filter(([s]) => shown.has(s.turn));
      let target = mesh;
      if (list.length > mesh.instanceMatrix.count) {
        let capacity = mesh.instanceMatrix.count;
        while (capacity < list.length) capacity *= 2;
        this.#scene.remove(mesh);
        mesh.dispose();
        target = this.#instanced(mesh.geometry, mesh.material as Material, capacity);
        this.#fullNeeded = true;
      }
      list.forEach(([spot, colour], i) => {
        note(spot.turn, `${lift} ${spot.file}${spot.rank} ${colour}`);
        const [x, y, z] = squareCentre(spot);
        m4.makeTranslation(x, y + lift, z);
        target.setMatrixAt(i, m4);
        target.setColorAt(i, col.set(colour));
      });
      target.count = list.length;
      target.instanceMatrix.needsUpdate = true;
      if (target.instanceColor) target.instanceColor.needsUpdate = true;
      return target;
    };
    this.#squares = fill(this.#squares, squares, 0.012);
    this.#rings = fill(this.#rings, rings, 0.02);
  }

  /** Removes every arrow and check line (their colours follow the palette). */
  #clearOverlay(): void {
    for (const item of this.#overlayItems.values()) this.#dropOverlay(item);
    this.#overlayItems.clear();
  }

  #dropOverlay(item: { meshes: Mesh[]; box: Box3 }): void {
    for (const mesh of item.meshes) {
      this.#overlay.remove(mesh);
      mesh.geometry.dispose();
      (mesh.material as Material).dispose();
    }
    this.#dirtyBoxes.push(item.box);
  }

  /** The arrows and check lines, each built once and kept while the model still shows it. */
  #updateOverlay(model: StackModel, shown: Set<number>): void {
    const wanted = new Map<string, () => Mesh[]>();
    const p = this.#palette;
    for (const arrow of model.arrows) {
      if (!shown.has(arrow.from.turn) || !shown.has(arrow.to.turn)) continue;
      const key = `arrow ${posName(arrow.from)} ${posName(arrow.to)} ${arrow.color} ${+arrow.last}${+arrow.ghost}${+!!arrow.hint}`;
      wanted.set(key, () => this.#arrowMeshes(arrow, p));
    }
    for (const line of model.checkLines) {
      const first = line.points[0];
      const last = line.points[line.points.length - 1];
      if (!shown.has(first.turn) || !shown.has(last.turn)) continue;
      wanted.set(`check ${line.points.map(posName).join(' ')}`, () => {
        const path = new CurvePath<Vector3>();
        for (let i = 1; i < line.points.length; i++) {
          path.add(new LineCurve3(lifted(line.points[i - 1], 0.3), lifted(line.points[i], 0.3)));
        }
        const material = new MeshBasicMaterial({ color: p.check, transparent: true, opacity: 0.85, depthWrite: false });
        const tube = new Mesh(new TubeGeometry(path, 12 * line.points.length, 0.045, 6, false), material);
        tube.renderOrder = 3;
        return [tube];
      });
    }
    for (const [key, item] of this.#overlayItems) {
      if (wanted.has(key)) continue;
      this.#dropOverlay(item);
      this.#overlayItems.delete(key);
    }
    for (const [key, build] of wanted) {
      if (this.#overlayItems.has(key)) continue;
      const meshes = build();
      const box = new Box3();
      for (const mesh of meshes) {
        this.#overlay.add(mesh);
        mesh.updateMatrixWorld();
        box.expandByObject(mesh);
      }
      box.expandByScalar(0.05);
      this.#overlayItems.set(key, { meshes, box });
      this.#dirtyBoxes.push(box);
    }
  }

  /**
   * An arrow across time: a tube along its curve and a cone at its end in the mover's
   * colour, inside a thicker dark (white pieces) or light (black pieces) casing drawn on its
   * back faces, so that either colour stands out on the light wood and on the dark background.
   */
  #arrowMeshes(arrow: StackModel['arrows'][number], p: Palette): Mesh[] {
    const points = arrowCurve(arrow.from, arrow.to).map(([x, y, z]) => new Vector3(x, y, z));
    const curve = new CatmullRomCurve3(points);
    const radius = arrow.last || arrow.hint ? 0.11 : 0.08;
    const colour = arrow.hint ? HINT_COLOUR : arrow.color === 'white' ? p.white : p.black;
    const casingColour = arrow.hint ? '#0b3d7a' : arrow.color === 'white' ? p.arrowCasingWhite : p.arrowCasingBlack;
    const material = new MeshStandardMaterial({
      color: colour,
      roughness: 0.5,
      transparent: arrow.ghost,
      opacity: arrow.ghost ? 0.55 : 1,
      emissive: arrow.last ? new Color(p.lastMove) : new Color(0),
      emissiveIntensity: arrow.last ? 0.35 : 0,
    });
    const casing = new MeshBasicMaterial({ color: casingColour, side: BackSide, transparent: arrow.ghost, opacity: arrow.ghost ? 0.55 : 1 });
    const end = points[points.length - 1];
    const dir = end.clone().sub(points[points.length - 3]).normalize();
    const place = (head: Mesh) => {
      head.position.copy(end).addScaledVector(dir, -0.1);
      head.quaternion.setFromUnitVectors(up, dir);
      return head;
    };
    const edge = radius * 0.45;
    return [
      new Mesh(new TubeGeometry(curve, 40, radius, 8, false), material),
      new Mesh(new TubeGeometry(curve, 40, radius + edge, 8, false), casing),
      place(new Mesh(new ConeGeometry(radius * 2.6, 0.4, 12), material.clone())),
      place(new Mesh(new ConeGeometry(radius * 2.6 + edge * 1.6, 0.4 + edge * 2.4, 12), casing.clone())),
    ];
  }

  /** Asks for one frame at the next animation frame (several asks make one frame): a full
   * one unless `full` is false and only layers and the overlay changed (see `render`). */
  requestRender(full = true): void {
    if (full) this.#fullNeeded = true;
    if (this.#frame) return;
    this.#frame = requestAnimationFrame(() => {
      this.#frame = 0;
      this.render();
    });
  }

  /**
   * Draws one frame now: the whole canvas, or (`full` false, lean tier, only some layers'
   * drawing and the overlay changed, same camera, size and colours) only the screen
   * rectangles of the changed layers and arrows. A partial frame draws the same scene with
   * the same camera clipped by the scissor, so its pixels are the full frame's (a Chromium
   * test compares them).
   */
  render(full = false): void {
    const r = this.renderer;
    if (r.getContext().isContextLost()) return;
    const started = performance.now();
    this.#watchFrameRate(started);
    this.#fillPieces();
    this.#scene.updateMatrixWorld();
    r.getDrawingBufferSize(bufferSize);
    const rects = full ? null : this.#partialRects(bufferSize.x, bufferSize.y);
    if (rects) {
      this.#drawPartial(rects, bufferSize.x, bufferSize.y);
      this.partialFrames++;
      this.lastFrame = 'partial';
    } else if (this.#stereo === 'anaglyph') {
      this.#effect.eyeSep = this.#orbit.radius * 0.025;
      this.#effect.planeDistance = this.#orbit.radius;
      this.#effect.render(this.#scene, this.camera);
    } else if (this.#stereo === 'sideBySide') {
      this.#stereoCamera.eyeSep = this.#orbit.radius * 0.03;
      this.camera.focus = this.#orbit.radius;
      this.#stereoCamera.update(this.camera);
      const half = this.#width / 2;
      r.setScissorTest(true);
      r.setScissor(0, 0, half, this.#height);
      r.setViewport(0, 0, half, this.#height);
      r.render(this.#scene, this.#stereoCamera.cameraL);
      r.setScissor(half, 0, half, this.#height);
      r.setViewport(half, 0, half, this.#height);
      r.render(this.#scene, this.#stereoCamera.cameraR);
      r.setScissorTest(false);
      r.setViewport(0, 0, this.#width, this.#height);
    } else {
      r.render(this.#scene, this.camera);
    }
    if (!rects) {
      this.lastFrame = 'full';
      // Only a plain full-resolution frame can be the base of a partial one.
      if (this.#stereo === 'off' && !this.#coarse) this.#drawn.keep(this.camera, bufferSize.x, bufferSize.y);
      else this.#drawn.forget();
    }
    this.#dirtyLayers.clear();
    this.#dirtyBoxes = [];
    this.#fullNeeded = false;
    this.renders++;
    this.timing.frameAt = performance.now();
    this.timing.render = this.timing.frameAt - started;
    const listeners = this.#frameListeners;
    this.#frameListeners = [];
    for (const listener of listeners) listener();
  }

  /** Calls `listener` once, right after the next frame's draw calls (the benchmark reads a
   * pixel back there, which waits until the frame is really drawn). */
  afterFrame(listener: () => void): void {
    this.#frameListeners.push(listener);
  }

  /** The world box everything a layer draws stays inside. */
  #layerBox(turn: number): [Vector3, Vector3] {
    const y = layerY(turn);
    boxMin.set(-LAYER_REACH, y - LAYER_BELOW, -LAYER_REACH);
    boxMax.set(LAYER_REACH, y + LAYER_ABOVE, LAYER_REACH);
    return [boxMin, boxMax];
  }

  /** The rectangles a partial frame redraws, or null when the next frame must be full. */
  #partialRects(width: number, height: number): Rect[] | null {
    if (!this.#partialAllowed || this.#fullNeeded || this.#coarse || this.#stereo !== 'off') return null;
    if (this.#dirtyLayers.size === 0 && this.#dirtyBoxes.length === 0) return null;
    if (!this.#drawn.same(this.camera, width, height)) return null;
    const rects: Rect[] = [];
    const add = (rect: Rect | 'off' | null): boolean => {
      if (rect === null) return false;
      if (rect !== 'off') rects.push(rect);
      return true;
    };
    for (const turn of this.#dirtyLayers) if (!add(boxRect(this.camera, ...this.#layerBox(turn), width, height))) return null;
    for (const box of this.#dirtyBoxes) if (!add(boxRect(this.camera, box.min, box.max, width, height))) return null;
    return mergeRects(rects, width, height);
  }

  /** Redraws the scene inside `rects` only, without the boards that cannot reach them. */
  #drawPartial(rects: Rect[], width: number, height: number): void {
    const layers = [...this.#layers].filter(([, layer]) => layer.board.visible);
    const bounds = layers.map(([turn]) => boxRect(this.camera, ...this.#layerBox(turn), width, height));
    try {
      drawScissored(
        this.renderer,
        rects,
        (rect) =>
          layers.forEach(([, layer], k) => {
            layer.board.visible = layer.frame.visible = layer.label.visible = meets(bounds[k], rect);
          }),
        () => this.renderer.render(this.#scene, this.camera),
      );
    } finally {
      for (const [, layer] of layers) layer.board.visible = layer.frame.visible = layer.label.visible = true;
    }
  }

  /**
   * Whether everything layer `turn` draws (its board, frame, label and pieces) is inside the
   * camera's view (the side-by-side eyes see a little more than the centre camera).
   */
  layerInView(turn: number): boolean {
    const [min, max] = this.#layerBox(turn);
    m4.multiplyMatrices(this.camera.projectionMatrix, this.camera.matrixWorldInverse);
    for (let k = 0; k < 8; k++) {
      v3.set(k & 1 ? max.x : min.x, k & 2 ? max.y : min.y, k & 4 ? max.z : min.z).applyMatrix4(m4);
      if (Math.abs(v3.x) > 1 || Math.abs(v3.y) > 1 || v3.z > 1 || v3.z < -1) return false;
    }
    return true;
  }

  /** The camera and the canvas-relative viewport that a canvas point (CSS pixels) falls in. */
  #eye(x: number): { camera: PerspectiveCamera; left: number; width: number } {
    if (this.#stereo !== 'sideBySide') return { camera: this.camera, left: 0, width: this.#width };
    this.#stereoCamera.update(this.camera);
    const half = this.#width / 2;
    return x < half
      ? { camera: this.#stereoCamera.cameraL, left: 0, width: half }
      : { camera: this.#stereoCamera.cameraR, left: half, width: half };
  }

  /**
   * The positions under a canvas point (CSS pixels from its top-left), nearest first: the
   * squares of every shown layer the ray crosses and the pieces it touches.
   */
  pick(x: number, y: number): Spot[] {
    this.#fillPieces();
    const eye = this.#eye(x);
    const ndc = new Vector2(((x - eye.left) / eye.width) * 2 - 1, -(y / this.#height) * 2 + 1);
    const ray = new Raycaster();
    ray.setFromCamera(ndc, eye.camera);
    const targets: Object3D[] = [];
    for (const layer of this.#layers.values()) if (layer.board.visible) targets.push(layer.board);
    for (const batch of this.#batches.values()) if (batch.mesh.count > 0) targets.push(batch.mesh);
    const hits: { distance: number; spot: Spot }[] = [];
    for (const hit of ray.intersectObjects(targets, false)) {
      const turn = hit.object.userData.turn as number | undefined;
      if (turn !== undefined) {
        const square = squareAt(hit.point.x, hit.point.z);
        if (square) hits.push({ distance: hit.distance, spot: { ...square, turn } });
      } else if (hit.instanceId !== undefined) {
        const batch = [...this.#batches.values()].find((b) => b.mesh === hit.object);
        const spot = batch?.spots[hit.instanceId];
        if (spot) hits.push({ distance: hit.distance, spot: { file: spot.file, rank: spot.rank, turn: spot.turn } });
      }
    }
    hits.sort((a, b) => a.distance - b.distance);
    return hits.map((h) => h.spot);
  }

  /** Where a position's centre appears on the canvas (CSS pixels), `null` behind the camera. */
  project(spot: Spot): { x: number; y: number } | null {
    const [x, y, z] = squareCentre(spot);
    const eye = this.#eye(0);
    const v = new Vector3(x, y, z).project(eye.camera);
    if (v.z > 1 || v.z < -1) return null;
    return { x: eye.left + ((v.x + 1) / 2) * eye.width, y: ((1 - v.y) / 2) * this.#height };
  }

  /**
   * A canvas point (CSS pixels) where a click picks `spot` before any other position that
   * `blocks` (one holding a piece or a destination) — on the square or up the piece on
   * it — or `null` if all of it is hidden. For the test hook: tests click where a player could.
   */
  clickable(spot: Spot, blocks: (s: Spot) => boolean): { x: number; y: number } | null {
    const [cx, cy, cz] = squareCentre(spot);
    const tries: [number, number, number][] = [];
    for (const h of [0.02, 0.25, 0.45, 0.65]) tries.push([cx, cy + h, cz]);
    for (const [dx, dz] of [[0.3, 0.3], [-0.3, 0.3], [0.3, -0.3], [-0.3, -0.3]]) tries.push([cx + dx, cy + 0.02, cz + dz]);
    const eye = this.#eye(0);
    for (const [x, y, z] of tries) {
      const v = new Vector3(x, y, z).project(eye.camera);
      if (v.z > 1 || v.z < -1 || Math.abs(v.x) > 0.98 || Math.abs(v.y) > 0.98) continue;
      const at = { x: eye.left + ((v.x + 1) / 2) * eye.width, y: ((1 - v.y) / 2) * this.#height };
      for (const hit of this.pick(at.x, at.y)) {
        if (hit.file === spot.file && hit.rank === spot.rank && hit.turn === spot.turn) return at;
        if (blocks(hit)) break;
      }
    }
    return null;
  }

  /** The drawn pieces, for the test hook. */
  get pieces(): PieceRecord[] {
    return this.#records;
  }

  /** The turns whose layers are shown. */
  get visible(): number[] {
    return this.#visible;
  }

  /** Frees every GPU resource and the renderer. */
  dispose(): void {
    cancelAnimationFrame(this.#frame);
    cancelAnimationFrame(this.#tween);
    this.#clearOverlay();
    for (const layer of this.#layers.values()) {
      layer.boardMaterial.dispose();
      layer.frameMaterial.dispose();
      layer.label.material.dispose();
    }
    for (const t of this.#labels.values()) t.dispose();
    for (const batch of this.#batches.values()) {
      if (batch.mesh.material === this.#faded) batch.mesh.geometry.dispose();
      batch.mesh.dispose();
    }
    for (const g of [...Object.values(this.#pieceGeometries), ...Object.values(this.#lowGeometries)]) g.dispose();
    for (const g of [this.#boardGeometry, this.#frameGeometry, this.#checkFrameGeometry, this.#squareGeometry, this.#ringGeometry]) {
      g.dispose();
    }
    for (const m of [this.#solid, this.#faded, this.#squareMaterial, this.#ringMaterial]) m.dispose();
    this.#squares.dispose();
    this.#rings.dispose();
    this.#checker.dispose();
    this.#effect.dispose();
    this.renderer.dispose();
  }
}
