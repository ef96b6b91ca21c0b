/**
 * The three.js side of the 3D view: builds the surface, grid, seams and stones from an
 * embedding, draws only when asked, picks the point under the pointer and reports where every
 * point is on screen (the test hook). Knows nothing of Go or of a surface's rules.
 */
import * as THREE from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import { mergeGeometries } from 'three/examples/jsm/utils/BufferGeometryUtils.js';
import { leanMaterial, type LeanLights } from '../../../lib/webgl/lean';
import { boxRect, DrawnView, drawScissored, meets, mergeRects, sphereRect, type Rect } from '../../../lib/webgl/partial';
import type { RenderTier } from '../../../lib/webgl/quality';
import type { Embedding, Vec3 } from './embedding';

/** Colours of the scene, read from the page's CSS variables. */
export interface SceneColours {
  background: string;
  wood: string;
  line: string;
  boundary: string;
  black: string;
  white: string;
  focus: string;
  lit: string;
  last: string;
  seams: string[];
}

/** What the scene shows on top of the surface. */
export interface SceneState {
  board: readonly number[];
  /** Points ringed like a chain (the pointed chain, and any other mark of the flat views). */
  lit: ReadonlySet<number>;
  /** Liberties of the pointed chain: a coloured dot, distinct from the chain's rings. */
  liberties: ReadonlySet<number>;
  /** The last move's point, ringed in its own colour. */
  last: number | null;
  focus: number | null;
  hover: number | null;
  hoverColor: number | null;
  /** The analysis's ownership per point (−1 White's … 1 Black's), or null when not shown. */
  ownership?: readonly number[] | null;
  /** The ownership comes from too few playouts: its squares are drawn faded, half wood. */
  ownershipUncertain?: boolean;
}

/** Where a point is drawn, for tests and for the keyboard's announcement. */
export interface ProjectedPoint {
  /** Position in CSS pixels relative to the page's viewport. */
  x: number;
  y: number;
  /** Inside the canvas and the first thing a click there reaches. */
  visible: boolean;
  /** Its normal faces the camera (the side is arbitrary on a one-sided surface). */
  front: boolean;
  /** The short diameter of its stone on screen, in CSS pixels (at its depth). */
  size: number;
}

/** The smallest median stone (CSS px) the first view settles for on a small canvas: a
 * finger's target, above WCAG 2.5.8's 24 px. A phone held upright sees the shape closer, cut
 * at the sides, rather than every point too small to tap; a drag or a pinch shows the rest.
 * A canvas whose narrower side is at least `ROOMY` px shows the whole shape, as a mouse
 * reaches small stones. */
const TAP = 30;
const ROOMY = 480;

/** A mark the scene draws on a point (the test hook reports them). */
export type SceneMark = 'group' | 'liberty' | 'last' | 'focus' | 'black-area' | 'white-area' | 'uncertain-area';

/** Below this share of playouts a point is nobody's (as on the flat board). */
const OWNED = 0.25;

const v3 = (p: Vec3) => new THREE.Vector3(p[0], p[1], p[2]);

/** While the view is being turned, frames slower than this (ms apart) switch the drawing
 * buffer to half resolution until the turn ends (a software rasteriser, a weak GPU). */
const SLOW_FRAME = 45;

/** The scene's lights (a sky and a key light that moves with the camera), restated for the
 * lean tier's materials. The key light sits up and left of the camera and shines at the
 * shape's centre, about ten units in front of it. */
const LIGHTS: LeanLights = { sky: 0xffffff, ground: 0x554433, hemisphere: 1.6, key: 1.8, direction: [-2, 3, 12], space: 'view' };

/**
 * An instanced mesh that draws only the instances in use: `set` keeps each slot's matrix and
 * colour, `flush` packs the shown ones to the front and draws only those, so hidden points
 * cost no vertex work (a software rasteriser pays for every vertex, even a zero-sized one).
 */
class Packed {
  readonly mesh: THREE.InstancedMesh;
  private readonly matrices: Float32Array;
  private readonly colours: Float32Array;
  private readonly shown: Uint8Array;
  /** Slot drawn at each instance index, and instance index of each slot (−1 when hidden). */
  readonly slotAt: Int32Array;
  readonly indexOf: Int32Array;
  private dirty = false;
  private partMesh: THREE.InstancedMesh | null = null;

  constructor(geometry: THREE.BufferGeometry, material: THREE.Material, slots: number) {
    this.mesh = new THREE.InstancedMesh(geometry, material, Math.max(1, slots));
    this.mesh.instanceMatrix.setUsage(THREE.DynamicDrawUsage);
    this.mesh.setColorAt(0, new THREE.Color());
    this.mesh.count = 0;
    this.matrices = new Float32Array(slots * 16);
    this.colours = new Float32Array(slots * 3);
    this.shown = new Uint8Array(slots);
    this.slotAt = new Int32Array(slots).fill(-1);
    this.indexOf = new Int32Array(slots).fill(-1);
  }

  /** Shows slot `k` with a matrix and colour, or hides it (`null`). */
  set(k: number, matrix: THREE.Matrix4 | null, colour?: THREE.Color): void {
    this.dirty = true;
    this.shown[k] = matrix ? 1 : 0;
    if (matrix) matrix.toArray(this.matrices, k * 16);
    if (colour) colour.toArray(this.colours, k * 3);
  }

  /** Packs the shown slots into the mesh's instances if anything changed. */
  flush(): boolean {
    if (!this.dirty) return false;
    this.dirty = false;
    const matrices = this.mesh.instanceMatrix.array as Float32Array;
    const colours = this.mesh.instanceColor?.array as Float32Array;
    let n = 0;
    for (let k = 0; k < this.shown.length; k += 1) {
      this.indexOf[k] = -1;
      if (!this.shown[k]) continue;
      matrices.set(this.matrices.subarray(k * 16, k * 16 + 16), n * 16);
      colours.set(this.colours.subarray(k * 3, k * 3 + 3), n * 3);
      this.slotAt[n] = k;
      this.indexOf[k] = n;
      n += 1;
    }
    this.mesh.count = n;
    this.mesh.instanceMatrix.needsUpdate = true;
    if (this.mesh.instanceColor) this.mesh.instanceColor.needsUpdate = true;
    this.mesh.computeBoundingSphere();
    return true;
  }

  /** A second mesh on the same geometry and material, holding only the instances a partial
   * frame needs (see `SurfaceScene.renderNow`); hidden otherwise. */
  get part(): THREE.InstancedMesh {
    if (!this.partMesh) {
      const capacity = this.shown.length;
      this.partMesh = new THREE.InstancedMesh(this.mesh.geometry, this.mesh.material, Math.max(1, capacity));
      this.partMesh.instanceMatrix.setUsage(THREE.DynamicDrawUsage);
      this.partMesh.setColorAt(0, new THREE.Color());
      // Its instances change every partial frame; the scissor clips what lies outside anyway.
      this.partMesh.frustumCulled = false;
      this.partMesh.visible = false;
      this.partMesh.count = 0;
    }
    return this.partMesh;
  }

  /** Fills `part` with the drawn instances whose slot `keep` accepts, in the drawn order, and
   * shows it instead of the whole mesh (until `whole`). */
  partial(keep: (slot: number) => boolean): void {
    const part = this.part;
    const from = this.mesh.instanceMatrix.array as Float32Array;
    const fromColours = this.mesh.instanceColor?.array as Float32Array;
    const to = part.instanceMatrix.array as Float32Array;
    const toColours = part.instanceColor?.array as Float32Array;
    let m = 0;
    for (let n = 0; n < this.mesh.count; n += 1) {
      if (!keep(this.slotAt[n])) continue;
      to.set(from.subarray(n * 16, n * 16 + 16), m * 16);
      toColours.set(fromColours.subarray(n * 3, n * 3 + 3), m * 3);
      m += 1;
    }
    part.count = m;
    part.instanceMatrix.needsUpdate = true;
    if (part.instanceColor) part.instanceColor.needsUpdate = true;
    part.visible = m > 0;
    this.mesh.visible = false;
  }

  /** Shows the whole mesh again after a partial frame. */
  whole(): void {
    if (this.partMesh) this.partMesh.visible = false;
    this.mesh.visible = true;
  }

  /** The colour slot `k` was last given. */
  colourOf(k: number, target: THREE.Color): THREE.Color {
    return target.fromArray(this.colours, k * 3);
  }

  dispose(): void {
    this.mesh.dispose();
    this.partMesh?.dispose();
  }
}

/** A partial frame picks a surface group's triangles by cubes this many times finer than the groups. */
const SUBCELLS = 3;

/** One rendered surface with its camera and controls, drawing on `canvas`. */
export class SurfaceScene {
  readonly renderer: THREE.WebGLRenderer;
  readonly camera: THREE.PerspectiveCamera;
  readonly controls: OrbitControls;
  /** Frames drawn so far (tests check nothing is drawn while idle). */
  frames = 0;
  /** The level of detail this scene draws at (see lib/webgl/quality.ts). */
  readonly tier: RenderTier;
  /** How long the last `renderNow` took on the CPU side (ms). */
  lastRender = 0;
  /** Whether the last frame redrew the whole canvas or only the rectangles a change touched. */
  lastFrame: 'full' | 'partial' = 'full';
  /** Frames that redrew only some rectangles (the test hook and the benchmark read it). */
  partialFrames = 0;
  /** When (performance.now) the last frame was first asked for, and began and ended drawing. */
  readonly timing = { requested: 0, start: 0, end: 0 };
  /** Lean tier: after a change that leaves the camera and the size alone (a move, a hover),
   * redraw only the screen rectangles of the points that changed, on the kept drawing
   * buffer (see `renderNow`). */
  private readonly partialAllowed: boolean;
  /** Something other than the points' instances changed since the last frame (the camera,
   * the size, the colours): the next frame is a full one. */
  private fullNeeded = true;
  /** Points whose instances (or hover stone) changed since the last frame, with how far
   * (world units) what was or is drawn there reaches. */
  private readonly dirty = new Map<number, number>();
  /** How far each point's drawn instances reach (see `extent`). */
  private readonly drawnExtent: Float64Array;
  /** Each point's longer and shorter stone axis (world units). */
  private readonly axes: [number, number][];
  /** The camera's matrices and the drawing buffer's size of the last frame drawn. */
  private readonly drawnView = new DrawnView();
  /** How far from its point (world units) anything drawn for a point reaches. */
  private readonly reach: number[];
  /** The point of the hover stone last drawn, or null. */
  private ghostPoint: number | null = null;
  private frameListeners: (() => void)[] = [];
  /** Lean: the surface, grid and seam meshes in groups by place (see `addMesh`). */
  private readonly chunks: THREE.Mesh[] = [];
  /** Each chunk's runs of triangles by finer cube: where they start and end in its index, and their box. */
  private readonly chunkRuns: { start: number; count: number; box: THREE.Box3 }[][] = [];
  private readonly ratio: number;
  private interacting = false;
  private coarse = false;
  private lastFrameAt = 0;
  private slowFrames = 0;
  private width = 1;
  private height = 1;
  private readonly scene = new THREE.Scene();
  private readonly surfaces: THREE.Mesh[] = [];
  private readonly stones: Packed;
  /** A small dot on every empty point, as the flat board's intersections. */
  private readonly dots: Packed;
  /** Liberty dots and the last move's dot, two slots per point (one per side of the sheet). */
  private readonly spots: Packed;
  /** Chain and focus rings, two slots per point (one per side of the sheet). */
  private readonly rings: Packed;
  /** Ownership squares of the analysis, two slots per point (one per side of the sheet). */
  private readonly areas: Packed;
  private readonly ghost: THREE.Mesh;
  private readonly owned: { dispose(): void }[] = [];
  private readonly materials: Record<'wood' | 'line' | 'boundary' | 'ghost' | 'ring' | 'dot' | 'spot', THREE.Material>;
  private readonly seamMaterials: THREE.MeshBasicMaterial[] = [];
  private readonly seamColours: number[];
  private readonly raycaster = new THREE.Raycaster();
  private pending = 0;
  /** Whether the player has turned or zoomed the view (then a resize keeps their camera). */
  private moved = false;
  private colours: SceneColours;
  private state: SceneState = { board: [], lit: new Set(), liberties: new Set(), last: null, focus: null, hover: null, hoverColor: null };
  private marks: SceneMark[][] = [];
  /** What each point's instances were last set to (stone, marks): a move rewrites only the
   * instances of the points it changed. Emptied when the colours change. */
  private drawn: string[] = [];
  /** The hover stone last drawn: point and colour, or '' when hidden. */
  private drawnGhost = '';
  /** Point at chart position `sheet,x,y`, for picking by the face a ray hits. */
  private readonly atChart = new Map<string, number>();

  constructor(
    private readonly canvas: HTMLCanvasElement,
    private readonly shape: Embedding,
    colours: SceneColours,
    options: { keepDrawing: boolean; from: Vec3; tier?: RenderTier },
  ) {
    this.colours = colours;
    this.tier = options.tier ?? 'full';
    const lean = this.tier === 'lean';
    // Lean (a software rasteriser): no multisampling and one drawing-buffer pixel per CSS
    // pixel at most; each of those multiplies the pixels it shades.
    // Lean also keeps the drawing buffer between frames, so a move redraws only what it changed.
    this.renderer = new THREE.WebGLRenderer({ canvas, antialias: !lean, preserveDrawingBuffer: options.keepDrawing || lean });
    this.partialAllowed = lean;
    this.ratio = Math.min(window.devicePixelRatio || 1, lean ? 1 : 2);
    this.renderer.setPixelRatio(this.ratio);
    this.camera = new THREE.PerspectiveCamera(40, 1, 0.1, shape.radius * 20);
    this.camera.position.set(...options.from);
    this.scene.add(this.camera);
    this.scene.add(new THREE.HemisphereLight(0xffffff, 0x554433, 1.6));
    // The key light moves with the camera, so whatever faces the player is lit.
    const key = new THREE.DirectionalLight(0xffffff, 1.8);
    key.position.set(-2, 3, 2);
    this.camera.add(key);

    shape.charts.forEach((c, p) => this.atChart.set(`${c.sheet},${c.x},${c.y}`, p));
    // How far from its point anything drawn there reaches: the rings (0.64 × 1.14 of the
    // longer stone axis; the axes are square to each other), the stone's half height and the
    // marks lifted onto its top (0.3 of the shorter axis at most), the rings' lift.
    this.axes = shape.stoneAxes.map(([u, v]) => {
      const a = Math.hypot(...u);
      const b = Math.hypot(...v);
      return [Math.max(a, b), Math.min(a, b)];
    });
    this.reach = this.axes.map(([a, b]) => 0.74 * a + 0.3 * b + 0.04);
    this.drawnExtent = new Float64Array(shape.positions.length);
    // Opaque, also on the Klein bottle: what the player sees in front is exactly what a
    // click there picks (a translucent wall showed points no click could reach).
    const woodParameters = {
      color: colours.wood,
      side: THREE.DoubleSide,
      vertexColors: true,
      // Grid lines lie exactly on the surface: push the surface back so they win.
      polygonOffset: true,
      polygonOffsetFactor: 1,
      polygonOffsetUnits: 1,
    };
    // Lean: the matt wood lit at its vertices (the sheets are finely divided), so a pixel
    // costs an interpolation instead of the physically based shading.
    const wood = lean
      ? leanMaterial(woodParameters, { lights: LIGHTS, perVertex: true, cacheKey: 'surface-wood' })
      : new THREE.MeshStandardMaterial({ ...woodParameters, roughness: 0.75 });
    this.materials = {
      wood,
      line: new THREE.MeshBasicMaterial({ color: colours.line }),
      boundary: new THREE.MeshBasicMaterial({ color: colours.boundary }),
      ghost: lean
        ? new THREE.MeshPhongMaterial({ transparent: true, opacity: 0.5, shininess: 40 })
        : new THREE.MeshStandardMaterial({ transparent: true, opacity: 0.5, roughness: 0.4 }),
      ring: new THREE.MeshBasicMaterial({ side: THREE.DoubleSide }),
      dot: new THREE.MeshBasicMaterial({ color: colours.line }),
      spot: new THREE.MeshBasicMaterial(),
    };
    this.owned.push(...Object.values(this.materials));

    for (const patch of [...shape.patches, ...shape.bands]) this.surfaces.push(...this.addPatch(patch));
    // Lines as thin tubes: WebGL draws GL lines one pixel wide, too faint to find the points by.
    const spacing = [...shape.stoneSize].sort((a, b) => a - b)[Math.floor(shape.stoneSize.length / 2)] ?? 0.5;
    // Lean: three-sided tubes (the lines are one or two pixels wide; a software rasteriser
    // pays for every triangle, and the grid is a third of the scene's), a little thicker as a
    // triangle looks thinner than the pentagon it replaces.
    this.addGrid(shape.gridLines, spacing * (lean ? 0.066 : 0.055), this.materials.line, lean ? 3 : 5);
    for (const edge of shape.boundary) this.addTube(edge, 0.045, this.materials.boundary);
    this.seamColours = shape.seams.map((s) => s.colour);
    for (const seam of shape.seams) {
      const material = new THREE.MeshBasicMaterial();
      this.seamMaterials.push(material);
      this.owned.push(material);
      this.addTube(seam.path, 0.05, material);
    }

    const n = shape.positions.length;
    // Lean: a coarser lens (stones are 20–40 px across here) and a Blinn highlight instead of
    // the clear coat, which still makes black stones read as stones.
    const lens = lean ? new THREE.SphereGeometry(0.5, 14, 7) : new THREE.SphereGeometry(0.5, 28, 14);
    // A glossy coat over a matt body: slate and shell catch the key light as a highlight,
    // so black stones read as stones and not as holes.
    const stoneMaterial = lean
      ? leanMaterial({}, { lights: LIGHTS, specular: 0.16, shininess: 40, cacheKey: 'surface-stone' })
      : new THREE.MeshPhysicalMaterial({ roughness: 0.55, metalness: 0, clearcoat: 1, clearcoatRoughness: 0.18 });
    this.owned.push(lens, stoneMaterial);
    this.stones = new Packed(lens, stoneMaterial, n);
    const small = lean ? new THREE.SphereGeometry(0.5, 8, 4) : new THREE.SphereGeometry(0.5, 12, 6);
    this.owned.push(small);
    this.dots = new Packed(small, this.materials.dot, n);
    this.spots = new Packed(small, this.materials.spot, 2 * n);
    const ring = new THREE.RingGeometry(0.5, 0.64, lean ? 24 : 40).rotateX(-Math.PI / 2);
    this.owned.push(ring);
    this.rings = new Packed(ring, this.materials.ring, 2 * n);
    const plate = new THREE.PlaneGeometry(0.5, 0.5).rotateX(-Math.PI / 2);
    this.owned.push(plate);
    this.areas = new Packed(plate, this.materials.ring, 2 * n);
    for (const packed of [this.stones, this.dots, this.spots, this.rings, this.areas]) this.scene.add(packed.mesh);
    // The partial frames' subsets, drawn right after their whole meshes' place in the scene.
    if (lean) for (const packed of [this.stones, this.dots, this.spots, this.rings, this.areas]) this.scene.add(packed.part);
    this.ghost = new THREE.Mesh(lens, this.materials.ghost);
    this.ghost.visible = false;
    this.scene.add(this.ghost);

    this.controls = new OrbitControls(this.camera, canvas);
    this.controls.enableDamping = false;
    this.controls.minDistance = shape.radius * 0.6;
    this.controls.maxDistance = shape.radius * 8;
    this.controls.addEventListener('change', () => this.requestRender());
    this.controls.addEventListener('start', () => {
      this.moved = true;
      this.interact(true);
    });
    this.controls.addEventListener('end', () => this.interact(false));
    this.applyColours();
  }

  /** Where point `p` sits and how its stone is turned and stretched to fit its cell. */
  private placement(p: number, scale: number, lift = 0): THREE.Matrix4 {
    const normal = v3(this.shape.normals[p]);
    const at = v3(this.shape.positions[p]).addScaledVector(normal, lift);
    const [u, v] = this.shape.stoneAxes[p].map(v3);
    const height = Math.min(u.length(), v.length()) * 0.42;
    // A right-handed frame, so the lens is not turned inside out.
    if (u.clone().cross(normal).dot(v) < 0) v.negate();
    const basis = new THREE.Matrix4().makeBasis(u.multiplyScalar(scale), normal.multiplyScalar(height * scale), v.multiplyScalar(scale));
    return basis.setPosition(at);
  }

  /** The half height of the stone at `p` above the sheet (marks on a stone sit there). */
  private stoneTop(p: number): number {
    const [u, v] = this.shape.stoneAxes[p].map(v3);
    return Math.min(u.length(), v.length()) * 0.42 * 0.5;
  }

  private addPatch(patch: Embedding['patches'][number]): THREE.Mesh[] {
    const geometry = new THREE.BufferGeometry();
    geometry.setAttribute('position', new THREE.Float32BufferAttribute(patch.positions.flat(), 3));
    geometry.setAttribute('normal', new THREE.Float32BufferAttribute(patch.normals.flat(), 3));
    // A faint grain across the files, so the wood does not read as plastic.
    const grain: number[] = [];
    for (let j = 0; j < patch.rows; j += 1)
      for (let i = 0; i < patch.columns; i += 1) {
        const g = 0.94 + 0.05 * Math.sin(j * 0.9 + Math.sin(i * 0.35) * 2.2) + 0.02 * Math.sin(i * 2.3 + j * 0.2);
        grain.push(g, g, g);
      }
    geometry.setAttribute('color', new THREE.Float32BufferAttribute(grain, 3));
    const index: number[] = [];
    for (let j = 0; j + 1 < patch.rows; j += 1)
      for (let i = 0; i + 1 < patch.columns; i += 1) {
        const a = j * patch.columns + i;
        index.push(a, a + 1, a + patch.columns, a + 1, a + patch.columns + 1, a + patch.columns);
      }
    geometry.setIndex(index);
    return this.addMesh(geometry, this.materials.wood, { chart: patch.chart, columns: patch.columns });
  }

  /**
   * Adds a mesh of `geometry` to the scene. Lean: as several meshes, its triangles grouped by
   * where they lie (cubes of two thirds of the shape's radius), each with its own bounding
   * sphere, so a partial frame (and the camera's frustum) skips the groups nowhere near what
   * it draws; the triangles, and so the pixels, are the same. `userData.faces` maps a group's
   * triangle back to the whole geometry's (picking reads the face a ray hits).
   */
  private addMesh(geometry: THREE.BufferGeometry, material: THREE.Material, userData: Record<string, unknown> = {}): THREE.Mesh[] {
    this.owned.push(geometry);
    const index = geometry.index;
    if (!this.partialAllowed || !index) {
      const mesh = new THREE.Mesh(geometry, material);
      mesh.userData = userData;
      this.scene.add(mesh);
      return [mesh];
    }
    const position = geometry.getAttribute('position');
    const cell = Math.max(1e-6, this.shape.radius * 0.67);
    const groups = new Map<string, number[]>();
    for (let f = 0; f < index.count / 3; f += 1) {
      let x = 0;
      let y = 0;
      let z = 0;
      for (let k = 0; k < 3; k += 1) {
        const v = index.getX(3 * f + k);
        x += position.getX(v);
        y += position.getY(v);
        z += position.getZ(v);
      }
      const key = `${Math.floor(x / 3 / cell)},${Math.floor(y / 3 / cell)},${Math.floor(z / 3 / cell)}`;
      const faces = groups.get(key) ?? [];
      faces.push(f);
      groups.set(key, faces);
    }
    const meshes: THREE.Mesh[] = [];
    const corner = new THREE.Vector3();
    const fine = cell / SUBCELLS;
    for (const unordered of groups.values()) {
      // Within a group, the triangles ordered by finer cubes (a stable sort: the same order
      // in every frame), each cube's run of indices with its own box: a partial frame draws
      // only the runs whose box meets its rectangle, in the same order as a full frame.
      const centreKey = (f: number) => {
        let [x, y, z] = [0, 0, 0];
        for (let k = 0; k < 3; k += 1) {
          const v = index.getX(3 * f + k);
          x += position.getX(v);
          y += position.getY(v);
          z += position.getZ(v);
        }
        return `${Math.floor(x / 3 / fine)},${Math.floor(y / 3 / fine)},${Math.floor(z / 3 / fine)}`;
      };
      const keyed = unordered.map((f) => ({ f, key: centreKey(f) }));
      const firstSeen = new Map<string, number>();
      keyed.forEach(({ key }, n) => firstSeen.set(key, firstSeen.get(key) ?? n));
      keyed.sort((a, b) => firstSeen.get(a.key)! - firstSeen.get(b.key)!);
      const faces = keyed.map(({ f }) => f);
      const part = new THREE.BufferGeometry();
      for (const [name, attribute] of Object.entries(geometry.attributes)) part.setAttribute(name, attribute);
      const indices = new Uint32Array(faces.length * 3);
      const box = new THREE.Box3();
      const runs: { start: number; count: number; box: THREE.Box3 }[] = [];
      faces.forEach((f, n) => {
        if (n === 0 || keyed[n]!.key !== keyed[n - 1]!.key) runs.push({ start: 3 * n, count: 0, box: new THREE.Box3() });
        const run = runs[runs.length - 1]!;
        run.count += 3;
        for (let k = 0; k < 3; k += 1) {
          const v = index.getX(3 * f + k);
          indices[3 * n + k] = v;
          corner.fromBufferAttribute(position, v);
          box.expandByPoint(corner);
          run.box.expandByPoint(corner);
        }
      });
      part.setIndex(new THREE.BufferAttribute(indices, 1));
      // Drawn by groups (one for the whole in a full frame), so a partial frame can pick runs.
      part.addGroup(0, indices.length, 0);
      // The group's own bounds (three.js would measure every vertex of the shared attributes).
      const sphere = new THREE.Sphere(box.getCenter(new THREE.Vector3()), 0);
      for (const v of indices) sphere.radius = Math.max(sphere.radius, sphere.center.distanceTo(corner.fromBufferAttribute(position, v)));
      part.boundingSphere = sphere;
      part.boundingBox = box;
      this.owned.push(part);
      const mesh = new THREE.Mesh(part, [material]);
      mesh.userData = { ...userData, faces: Int32Array.from(faces) };
      this.scene.add(mesh);
      this.chunks.push(mesh);
      this.chunkRuns.push(runs);
      meshes.push(mesh);
    }
    return meshes;
  }

  /** Every grid line as one merged mesh of thin tubes (one draw call). */
  private addGrid(paths: Vec3[][], radius: number, material: THREE.Material, sides: number): void {
    // A line's two halves meet at its middle twice: a repeated point would pinch the tube.
    const tubes = paths
      .map((path) => path.map(v3).filter((p, k, all) => k === 0 || p.distanceTo(all[k - 1]) > 1e-6))
      .filter((path) => path.length >= 2)
      .map((path) => new THREE.TubeGeometry(new THREE.CatmullRomCurve3(path), Math.max(2, path.length), radius, sides, false));
    if (tubes.length === 0) return;
    const geometry = mergeGeometries(tubes, false);
    for (const tube of tubes) tube.dispose();
    this.addMesh(geometry, material);
  }

  private addTube(path: Vec3[], radius: number, material: THREE.Material): void {
    if (path.length < 2) return;
    const curve = new THREE.CatmullRomCurve3(path.map(v3));
    const geometry = new THREE.TubeGeometry(curve, Math.max(2, path.length * 3), radius, 6, false);
    this.addMesh(geometry, material);
  }

  /** New colours (a theme change). */
  setColours(colours: SceneColours): void {
    this.colours = colours;
    this.applyColours();
  }

  private applyColours(): void {
    const c = this.colours;
    this.scene.background = new THREE.Color(c.background);
    (this.materials.wood as THREE.MeshStandardMaterial | THREE.MeshBasicMaterial).color.set(c.wood);
    (this.materials.line as THREE.MeshBasicMaterial).color.set(c.line);
    (this.materials.dot as THREE.MeshBasicMaterial).color.set(c.line);
    (this.materials.boundary as THREE.MeshBasicMaterial).color.set(c.boundary);
    this.seamMaterials.forEach((m, k) => m.color.set(c.seams[this.seamColours[k] % c.seams.length] ?? c.line));
    this.drawn = [];
    this.drawnGhost = '-';
    this.fullNeeded = true;
    this.update(this.state);
  }

  /** Shows a position: stones, highlighted points, the focus ring and the hover stone. */
  update(state: SceneState): void {
    this.state = state;
    const colour = new THREE.Color();
    const n = this.shape.positions.length;
    this.marks = [];
    let changed = false;
    for (let p = 0; p < n; p += 1) {
      const stone = state.board[p] ?? 0;
      const marks: SceneMark[] = [];
      const focused = state.focus === p;
      const liberty = stone === 0 && state.liberties.has(p);
      const last = stone !== 0 && state.last === p;
      const ringed = focused || state.lit.has(p);
      if (focused) marks.push('focus');
      if (state.lit.has(p)) marks.push('group');
      if (liberty) marks.push('liberty');
      if (last) marks.push('last');
      const owner = state.ownership?.[p] ?? 0;
      // A square on every empty point somebody owns, and on stones the other side owns (dead).
      const area = Math.abs(owner) >= OWNED && (stone === 0 || (stone === 1) !== owner > 0);
      if (area) marks.push(owner > 0 ? 'black-area' : 'white-area');
      if (area && state.ownershipUncertain) marks.push('uncertain-area');
      this.marks.push(marks);
      // The area square's size follows the ownership's strength, so it is part of the key.
      const key = `${stone}${marks.join()}${area ? Math.min(1, Math.abs(owner)).toFixed(2) : ''}`;
      if (this.drawn[p] === key) continue;
      this.drawn[p] = key;
      changed = true;
      const extent = this.extent(p, stone !== 0, ringed ? (focused ? 1.14 : 1.02) : 0, liberty, last, area);
      this.markDirty(p, Math.max(extent, this.drawnExtent[p]));
      this.drawnExtent[p] = extent;
      this.stones.set(p, stone === 0 ? null : this.placement(p, 1), colour.set(stone === 2 ? this.colours.white : this.colours.black));
      this.dots.set(p, stone === 0 && !liberty ? this.placement(p, 0.2) : null);
      // Rings and spots lie on one side of the sheet each: drawn on both, as the sheet is opaque.
      const lift = last ? this.stoneTop(p) : 0.02;
      for (const side of [1, -1]) {
        const k = side === 1 ? p : n + p;
        this.rings.set(k, ringed ? this.placement(p, focused ? 1.14 : 1.02, side * 0.03) : null, colour.set(focused ? this.colours.focus : this.colours.lit));
        this.spots.set(k, liberty || last ? this.placement(p, last ? 0.34 : 0.42, side * lift) : null, colour.set(last ? this.colours.last : this.colours.lit));
        const size = 0.45 + 0.5 * Math.min(1, Math.abs(owner));
        colour.set(owner > 0 ? this.colours.black : this.colours.white);
        if (state.ownershipUncertain) colour.lerp(new THREE.Color(this.colours.wood), 0.55);
        this.areas.set(k, area ? this.placement(p, size, side * (stone === 0 ? 0.03 : this.stoneTop(p) + 0.01)) : null, colour);
      }
    }
    if (changed) for (const packed of [this.stones, this.rings, this.dots, this.spots, this.areas]) packed.flush();
    const h = state.hover;
    const ghostShown = h !== null && state.hoverColor !== null && (state.board[h] ?? 0) === 0;
    const ghost = ghostShown ? `${h}/${state.hoverColor}` : '';
    if (ghost !== this.drawnGhost) {
      this.drawnGhost = ghost;
      changed = true;
      if (this.ghostPoint !== null) this.markDirty(this.ghostPoint, this.extent(this.ghostPoint, true, 0, false, false, false));
      this.ghostPoint = ghostShown ? h : null;
      if (h !== null && ghostShown) this.markDirty(h, this.extent(h, true, 0, false, false, false));
      this.ghost.visible = ghostShown;
      if (ghostShown && h !== null) {
        this.placement(h, 1).decompose(this.ghost.position, this.ghost.quaternion, this.ghost.scale);
        (this.materials.ghost as THREE.MeshStandardMaterial).color.set(state.hoverColor === 2 ? this.colours.white : this.colours.black);
      }
    }
    // Nothing drawn changed (a focus that shows no ring, the same position again): no frame,
    // which on a slow GPU would hold up the answer to the move.
    if (changed) this.requestRender(false);
  }

  /** Notes that what point `p` draws changed, reaching `extent` from it (before or after). */
  private markDirty(p: number, extent: number): void {
    this.dirty.set(p, Math.max(extent, this.dirty.get(p) ?? 0));
  }

  /**
   * How far from point `p` (world units) its instances reach: a stone (half its longer axis
   * across, its half height up), the rings (0.64 of the ring's scale), the liberty and
   * last-move spots, the area square (its half diagonal), the dot; plus the lifts off the
   * sheet and a margin.
   */
  private extent(p: number, stone: boolean, ring: number, liberty: boolean, last: boolean, area: boolean): number {
    const [a, b] = this.axes[p];
    let e = 0.1 * a;
    if (stone) e = Math.max(e, 0.5 * a + 0.21 * b);
    if (ring) e = Math.max(e, 0.64 * ring * a);
    if (liberty) e = Math.max(e, 0.21 * a);
    if (last) e = Math.max(e, 0.17 * a + 0.28 * b);
    if (area) e = Math.max(e, 0.34 * a + 0.22 * b);
    return e + 0.05;
  }

  /** The marks drawn on each point (the test hook: hovering a stone lights its chain). */
  drawnMarks(): SceneMark[][] {
    return this.marks.map((m) => [...m]);
  }

  /** The colour of each stone instance as `#rrggbb`, empty points as null (the test hook). */
  stoneColours(): (string | null)[] {
    const colour = new THREE.Color();
    return this.shape.positions.map((_, p) => {
      if ((this.state.board[p] ?? 0) === 0 || this.stones.indexOf[p] < 0) return null;
      this.stones.mesh.getColorAt(this.stones.indexOf[p], colour);
      return `#${colour.getHexString()}`;
    });
  }

  /** Fits the drawing buffer to the canvas's CSS size. */
  resize(width: number, height: number): void {
    if (width <= 0 || height <= 0) return;
    this.width = width;
    this.height = height;
    this.renderer.setSize(width, height, false);
    this.camera.aspect = width / height;
    this.camera.updateProjectionMatrix();
    if (!this.moved) this.fit();
    this.requestRender();
  }

  /** Moves the camera along its line of sight until the shape, as seen from there, fills
   * most of the canvas's narrower side (a phone held upright sees the whole surface too). */
  private fit(): void {
    const half = (this.camera.fov * Math.PI) / 360;
    const across = Math.atan(Math.tan(half) * this.camera.aspect);
    const direction = this.camera.position.clone().sub(this.controls.target).normalize();
    let distance = (this.shape.radius * 0.92) / Math.sin(Math.min(half, across));
    const sample = this.shape.patches.flatMap((patch) => patch.positions.filter((_, k) => k % 3 === 0)).map(v3);
    // Perspective makes the spread shrink a little less than the distance: refine twice.
    for (let round = 0; round < 2; round += 1) {
      this.camera.position.copy(this.controls.target).addScaledVector(direction, distance);
      this.camera.lookAt(this.controls.target);
      this.camera.updateMatrixWorld();
      const spread = Math.max(...sample.map((p) => {
        const at = p.clone().project(this.camera);
        return Math.max(Math.abs(at.x), Math.abs(at.y));
      }));
      distance *= 0.55 + (0.45 * spread) / 0.88;
    }
    this.camera.position.copy(this.controls.target).addScaledVector(direction, distance);
    this.camera.updateMatrixWorld();
    // Then, on a small canvas, closer while the stones are too small to tap, keeping
    // outside the shape.
    const small = Math.min(this.canvas.clientWidth, this.canvas.clientHeight) < ROOMY;
    for (let round = 0; small && round < 3; round += 1) {
      const median = this.medianStonePixels();
      if (median >= TAP || median <= 0) break;
      distance = Math.max(this.shape.radius * 1.3, distance * (median / TAP));
      this.camera.position.copy(this.controls.target).addScaledVector(direction, distance);
      this.camera.updateMatrixWorld();
    }
    this.controls.update();
  }

  /** The short diameter (CSS px) of the stone at `p` on screen, at its depth. */
  private stonePixels(p: number): number {
    const height = this.canvas.clientHeight || this.canvas.height;
    const depth = -v3(this.shape.positions[p]).applyMatrix4(this.camera.matrixWorldInverse).z;
    if (depth <= 0) return 0;
    const [u, v] = this.shape.stoneAxes[p].map(v3);
    const diameter = Math.min(u.length(), v.length());
    return (diameter * height) / (2 * Math.tan((this.camera.fov * Math.PI) / 360) * depth);
  }

  /** The median stone on screen, over every point (CSS px). */
  private medianStonePixels(): number {
    const sizes = this.shape.positions.map((_, p) => this.stonePixels(p)).sort((a, b) => a - b);
    return sizes[Math.floor(sizes.length / 2)] ?? 0;
  }

  /** Draws once on the next animation frame (never continuously); `full` unless only the
   * points' instances changed (then the frame may redraw just their rectangles). */
  requestRender(full = true): void {
    if (full) this.fullNeeded = true;
    if (this.pending) return;
    this.timing.requested = performance.now();
    this.pending = requestAnimationFrame(() => {
      this.pending = 0;
      this.renderNow();
    });
  }

  /** Calls `listener` once, right after the next frame's draw calls (the benchmark reads a
   * pixel back there: that waits until the frame is really drawn). */
  afterFrame(listener: () => void): void {
    this.frameListeners.push(listener);
  }

  /**
   * The view starts or stops being turned. While turning, two frames more than `SLOW_FRAME`
   * apart switch to half resolution (the canvas's CSS scales it up) until the turn ends, so
   * the surface follows the pointer; the full-resolution frame is drawn on release.
   */
  interact(on: boolean): void {
    this.interacting = on;
    this.slowFrames = 0;
    this.lastFrameAt = 0;
    if (!on && this.coarse) {
      this.coarse = false;
      this.renderer.setPixelRatio(this.ratio);
      this.renderer.setSize(this.width, this.height, false);
      this.requestRender();
    }
  }

  private watchFrameRate(now: number): void {
    if (!this.interacting || this.coarse) return;
    if (this.lastFrameAt && now - this.lastFrameAt > SLOW_FRAME) this.slowFrames += 1;
    this.lastFrameAt = now;
    if (this.slowFrames >= 2) {
      this.coarse = true;
      this.renderer.setPixelRatio(this.ratio / 2);
      this.renderer.setSize(this.width, this.height, false);
    }
  }

  /** Whether frames are drawn at half resolution for now (during a slow turn). */
  get halfResolution(): boolean {
    return this.coarse;
  }

  /**
   * Draws immediately: the whole canvas, or (`full` false, lean tier, only points' instances
   * changed since the last frame, same camera and size) only the rectangles around the
   * changed points. A partial frame draws the same scene with the same camera, clipped by the
   * scissor to each rectangle on the kept drawing buffer, so its pixels are the full frame's
   * (the UI tests compare them); the instanced meshes draw only the instances, and the
   * surface, grid and seams only the groups of triangles, that can reach the rectangle.
   */
  renderNow(full = false): void {
    const start = performance.now();
    this.timing.start = start;
    this.watchFrameRate(start);
    this.scene.updateMatrixWorld();
    const size = this.renderer.getDrawingBufferSize(new THREE.Vector2());
    const rects = full ? null : this.partialRects(size.x, size.y);
    if (rects) {
      this.drawPartial(rects, size.x, size.y);
      this.partialFrames += 1;
      this.lastFrame = 'partial';
    } else {
      this.renderer.render(this.scene, this.camera);
      this.drawnView.keep(this.camera, size.x, size.y);
      this.lastFrame = 'full';
    }
    this.dirty.clear();
    this.fullNeeded = false;
    this.frames += 1;
    this.timing.end = performance.now();
    this.lastRender = this.timing.end - start;
    const listeners = this.frameListeners;
    this.frameListeners = [];
    for (const listener of listeners) listener();
  }

  /** The drawing-buffer rectangle that everything drawn for point `p` stays inside (the
   * projection of a box round the sphere of its reach, in camera space), `'off'` when that is
   * off the canvas, `null` when it cannot be bounded (the box reaches behind the near plane). */
  private screenRect(p: number, width: number, height: number): Rect | 'off' | null {
    return sphereRect(this.camera, v3(this.shape.positions[p]), this.reach[p], width, height);
  }

  /** The rectangles a partial frame redraws, or null when the next frame must be full. */
  private partialRects(width: number, height: number): Rect[] | null {
    if (!this.partialAllowed || this.fullNeeded || this.dirty.size === 0 || this.coarse) return null;
    if (!this.drawnView.same(this.camera, width, height)) return null;
    const rects: Rect[] = [];
    for (const [p, extent] of this.dirty) {
      const rect = sphereRect(this.camera, v3(this.shape.positions[p]), extent, width, height);
      if (rect === null) return null;
      if (rect !== 'off') rects.push(rect);
    }
    return mergeRects(rects, width, height);
  }

  /** Redraws the scene inside `rects` only (see `renderNow`). */
  private drawPartial(rects: Rect[], width: number, height: number): void {
    const n = this.shape.positions.length;
    const bounds = this.shape.positions.map((_, p) => this.screenRect(p, width, height));
    const ghostShown = this.ghost.visible;
    const packs = [this.stones, this.dots, this.spots, this.rings, this.areas];
    const centre = new THREE.Vector3();
    const chunkRects = this.chunks.map((mesh) => {
      const sphere = mesh.geometry.boundingSphere;
      return sphere ? sphereRect(this.camera, centre.copy(sphere.center).applyMatrix4(mesh.matrixWorld), sphere.radius, width, height) : null;
    });
    try {
      drawScissored(
        this.renderer,
        rects,
        (rect) => {
          this.chunks.forEach((mesh, k) => {
            mesh.visible = meets(chunkRects[k], rect);
            if (!mesh.visible) return;
            // Only the runs whose box meets the rectangle, neighbouring runs joined into one draw.
            const groups: { start: number; count: number; materialIndex: number }[] = [];
            for (const run of this.chunkRuns[k]!) {
              if (!meets(boxRect(this.camera, run.box.min, run.box.max, width, height, mesh.matrixWorld), rect)) continue;
              const last = groups[groups.length - 1];
              if (last && last.start + last.count === run.start) last.count += run.count;
              else groups.push({ start: run.start, count: run.count, materialIndex: 0 });
            }
            mesh.geometry.groups = groups;
            mesh.visible = groups.length > 0;
          });
          // A point whose box meets the rectangle (or cannot be bounded) keeps its instances.
          const near = bounds.map((b) => meets(b, rect));
          for (const packed of packs) packed.partial((slot) => near[slot % n]);
          this.ghost.visible = ghostShown && this.ghostPoint !== null && near[this.ghostPoint];
        },
        () => this.renderer.render(this.scene, this.camera),
      );
    } finally {
      for (const packed of packs) packed.whole();
      for (const mesh of this.chunks) {
        mesh.visible = true;
        mesh.geometry.groups = [{ start: 0, count: mesh.geometry.index?.count ?? 0, materialIndex: 0 }];
      }
      this.ghost.visible = ghostShown;
    }
  }

  /** The point under a client position: the nearest point to where the ray first meets the
   * surface or a stone, if that is within reach of it. */
  pick(clientX: number, clientY: number): number | null {
    const rect = this.canvas.getBoundingClientRect();
    const ndc = new THREE.Vector2(((clientX - rect.left) / rect.width) * 2 - 1, -((clientY - rect.top) / rect.height) * 2 + 1);
    this.raycaster.setFromCamera(ndc, this.camera);
    const hits = this.raycaster.intersectObjects([...this.surfaces, this.stones.mesh], false);
    const hit = hits[0];
    if (!hit) return null;
    if (hit.object === this.stones.mesh && hit.instanceId !== undefined) return this.stones.slotAt[hit.instanceId] ?? null;
    // On a chart sheet the face hit names its cell: the point is the nearest on that sheet,
    // even where another sheet passes through it (the Klein bottle's self-intersection).
    const chart = hit.object.userData.chart as { sheet: number; per: number } | undefined;
    if (chart && hit.faceIndex !== undefined && hit.faceIndex !== null) {
      const columns = (hit.object.userData.columns as number) - 1;
      const faces = hit.object.userData.faces as Int32Array | undefined;
      const cell = Math.floor((faces ? faces[hit.faceIndex] : hit.faceIndex) / 2);
      const x = Math.round(((cell % columns) + 0.5) / chart.per - 0.5);
      const y = Math.round((Math.floor(cell / columns) + 0.5) / chart.per - 0.5);
      return this.atChart.get(`${chart.sheet},${x},${y}`) ?? null;
    }
    let best: number | null = null;
    let bestDistance = Infinity;
    this.shape.positions.forEach((p, k) => {
      const d = hit.point.distanceTo(v3(p));
      if (d < bestDistance) {
        bestDistance = d;
        best = k;
      }
    });
    return best !== null && bestDistance < this.shape.stoneSize[best] * 1.2 ? best : null;
  }

  /** Every point's place on screen and whether a click there reaches it (the test hook). */
  project(): ProjectedPoint[] {
    const rect = this.canvas.getBoundingClientRect();
    this.camera.updateMatrixWorld();
    return this.shape.positions.map((p, k) => {
      const at = v3(p).project(this.camera);
      const x = rect.left + ((at.x + 1) / 2) * rect.width;
      const y = rect.top + ((1 - at.y) / 2) * rect.height;
      const inside = at.z < 1 && Math.abs(at.x) < 0.97 && Math.abs(at.y) < 0.97;
      const toCamera = this.camera.position.clone().sub(v3(p));
      const front = toCamera.dot(v3(this.shape.normals[k])) > 0;
      return { x, y, visible: inside && this.pick(x, y) === k, front, size: this.stonePixels(k) };
    });
  }

  /** Whether point `p` is the first thing under its own projection from the current camera. */
  private seen(p: number): boolean {
    this.camera.updateMatrixWorld();
    const at = v3(this.shape.positions[p]).project(this.camera);
    if (at.z >= 1 || Math.abs(at.x) > 0.95 || Math.abs(at.y) > 0.95) return false;
    const rect = this.canvas.getBoundingClientRect();
    return this.pick(rect.left + ((at.x + 1) / 2) * rect.width, rect.top + ((1 - at.y) / 2) * rect.height) === p;
  }

  /** Turns the camera round the shape, by the shortest turn that shows point `p` (for
   * keyboard focus that moved out of sight); stays put when no direction shows it. */
  reveal(p: number, animate: boolean): void {
    if (this.seen(p)) return;
    const centre = this.controls.target.clone();
    const from = this.camera.position.clone();
    const distance = from.distanceTo(centre);
    const current = from.clone().sub(centre).normalize();
    // Directions spread evenly over the sphere (a Fibonacci lattice), nearest first.
    const count = 96;
    const directions = Array.from({ length: count }, (_, k) => {
      const y = 1 - (2 * (k + 0.5)) / count;
      const ring = Math.sqrt(1 - y * y);
      const angle = k * Math.PI * (3 - Math.sqrt(5));
      return new THREE.Vector3(ring * Math.cos(angle), y, ring * Math.sin(angle));
    }).sort((a, b) => b.dot(current) - a.dot(current));
    let goal: THREE.Vector3 | null = null;
    for (const direction of directions) {
      this.camera.position.copy(centre).addScaledVector(direction, distance);
      this.camera.lookAt(centre);
      if (this.seen(p)) {
        goal = this.camera.position.clone();
        break;
      }
    }
    this.camera.position.copy(from);
    this.camera.lookAt(centre);
    if (!goal) return;
    const target = goal;
    if (!animate) {
      this.camera.position.copy(target);
      this.controls.update();
      this.requestRender();
      return;
    }
    const start = performance.now();
    const step = (now: number) => {
      const t = Math.min(1, (now - start) / 280);
      const ease = t * (2 - t);
      // Along the sphere, not through the shape: interpolate the direction, keep the distance.
      const direction = from.clone().sub(centre).lerp(target.clone().sub(centre), ease).normalize();
      this.camera.position.copy(centre).addScaledVector(direction, distance);
      this.controls.update();
      this.renderNow();
      if (t < 1) requestAnimationFrame(step);
    };
    requestAnimationFrame(step);
  }

  /** Frees every GPU resource this scene made. */
  dispose(): void {
    if (this.pending) cancelAnimationFrame(this.pending);
    this.controls.dispose();
    for (const item of this.owned) item.dispose();
    for (const packed of [this.stones, this.rings, this.dots, this.spots, this.areas]) packed.dispose();
    this.renderer.dispose();
  }
}
