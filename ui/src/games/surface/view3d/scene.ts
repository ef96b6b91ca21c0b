/**
 * The three.js side of the 3D view: builds the surface, grid, seams and stones from an
 * embedding, draws only when asked, picks the point under the pointer and reports where every
 * point is on screen (the test hook). Knows nothing of Go or of a surface's rules.
 */
import * as THREE from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
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
  lit: ReadonlySet<number>;
  /** The last move's point, ringed in its own colour. */
  last: number | null;
  focus: number | null;
  hover: number | null;
  hoverColor: number | null;
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
}

const v3 = (p: Vec3) => new THREE.Vector3(p[0], p[1], p[2]);

/** One rendered surface with its camera and controls, drawing on `canvas`. */
export class SurfaceScene {
  readonly renderer: THREE.WebGLRenderer;
  readonly camera: THREE.PerspectiveCamera;
  readonly controls: OrbitControls;
  /** Frames drawn so far (tests check nothing is drawn while idle). */
  frames = 0;
  private readonly scene = new THREE.Scene();
  private readonly surfaces: THREE.Mesh[] = [];
  private readonly stones: THREE.InstancedMesh;
  private readonly rings: THREE.InstancedMesh;
  private readonly ghost: THREE.Mesh;
  private readonly owned: { dispose(): void }[] = [];
  private readonly materials: Record<'wood' | 'line' | 'boundary' | 'ghost' | 'ring', THREE.Material>;
  private readonly seamMaterials: THREE.MeshBasicMaterial[] = [];
  private readonly seamColours: number[];
  private readonly raycaster = new THREE.Raycaster();
  private pending = 0;
  /** Whether the player has turned or zoomed the view (then a resize keeps their camera). */
  private moved = false;
  private colours: SceneColours;
  private state: SceneState = { board: [], lit: new Set(), last: null, focus: null, hover: null, hoverColor: null };

  constructor(
    private readonly canvas: HTMLCanvasElement,
    private readonly shape: Embedding,
    colours: SceneColours,
    options: { translucent: boolean; keepDrawing: boolean },
  ) {
    this.colours = colours;
    this.renderer = new THREE.WebGLRenderer({ canvas, antialias: true, preserveDrawingBuffer: options.keepDrawing });
    this.renderer.setPixelRatio(Math.min(window.devicePixelRatio || 1, 2));
    this.camera = new THREE.PerspectiveCamera(40, 1, 0.1, shape.radius * 20);
    this.camera.position.set(0, 0.42, 1);
    this.scene.add(this.camera);
    this.scene.add(new THREE.HemisphereLight(0xffffff, 0x554433, 1.6));
    // The key light moves with the camera, so whatever faces the player is lit.
    const key = new THREE.DirectionalLight(0xffffff, 1.8);
    key.position.set(-2, 3, 2);
    this.camera.add(key);

    const wood = new THREE.MeshStandardMaterial({
      color: colours.wood,
      roughness: 0.75,
      side: THREE.DoubleSide,
      vertexColors: true,
      transparent: options.translucent,
      // Translucent enough to see the tube pass through itself; depth is still written so
      // the grid behind the near wall stays hidden.
      opacity: options.translucent ? 0.62 : 1,
      // Grid lines lie exactly on the surface: push the surface back so they win.
      polygonOffset: true,
      polygonOffsetFactor: 1,
      polygonOffsetUnits: 1,
    });
    this.materials = {
      wood,
      line: new THREE.LineBasicMaterial({ color: colours.line, transparent: true, opacity: 0.85 }),
      boundary: new THREE.MeshBasicMaterial({ color: colours.boundary }),
      ghost: new THREE.MeshStandardMaterial({ transparent: true, opacity: 0.5, roughness: 0.4 }),
      ring: new THREE.MeshBasicMaterial({ side: THREE.DoubleSide }),
    };
    this.owned.push(...Object.values(this.materials));

    for (const patch of [...shape.patches, ...shape.bands]) this.surfaces.push(this.addPatch(patch));
    this.addLines(shape.gridLines, this.materials.line);
    for (const edge of shape.boundary) this.addTube(edge, 0.045, this.materials.boundary);
    this.seamColours = shape.seams.map((s) => s.colour);
    for (const seam of shape.seams) {
      const material = new THREE.MeshBasicMaterial();
      this.seamMaterials.push(material);
      this.owned.push(material);
      this.addTube(seam.path, 0.05, material);
    }

    const n = shape.positions.length;
    const lens = new THREE.SphereGeometry(0.5, 28, 14);
    const stoneMaterial = new THREE.MeshStandardMaterial({ roughness: 0.32, metalness: 0.05 });
    this.owned.push(lens, stoneMaterial);
    this.stones = new THREE.InstancedMesh(lens, stoneMaterial, n);
    this.stones.instanceMatrix.setUsage(THREE.DynamicDrawUsage);
    this.scene.add(this.stones);
    const ring = new THREE.RingGeometry(0.52, 0.66, 40).rotateX(-Math.PI / 2);
    this.owned.push(ring);
    this.rings = new THREE.InstancedMesh(ring, this.materials.ring, n);
    this.scene.add(this.rings);
    this.ghost = new THREE.Mesh(lens, this.materials.ghost);
    this.ghost.visible = false;
    this.scene.add(this.ghost);

    this.controls = new OrbitControls(this.camera, canvas);
    this.controls.enableDamping = false;
    this.controls.minDistance = shape.radius * 0.6;
    this.controls.maxDistance = shape.radius * 8;
    this.controls.addEventListener('change', () => this.requestRender());
    this.controls.addEventListener('start', () => (this.moved = true));
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

  private addPatch(patch: Embedding['patches'][number]): THREE.Mesh {
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
    this.owned.push(geometry);
    const mesh = new THREE.Mesh(geometry, this.materials.wood);
    this.scene.add(mesh);
    return mesh;
  }

  private addLines(paths: Vec3[][], material: THREE.Material): void {
    const segments: number[] = [];
    for (const path of paths) for (let k = 0; k + 1 < path.length; k += 1) segments.push(...path[k], ...path[k + 1]);
    const geometry = new THREE.BufferGeometry();
    geometry.setAttribute('position', new THREE.Float32BufferAttribute(segments, 3));
    this.owned.push(geometry);
    this.scene.add(new THREE.LineSegments(geometry, material));
  }

  private addTube(path: Vec3[], radius: number, material: THREE.Material): void {
    if (path.length < 2) return;
    const curve = new THREE.CatmullRomCurve3(path.map(v3));
    const geometry = new THREE.TubeGeometry(curve, Math.max(2, path.length * 3), radius, 6, false);
    this.owned.push(geometry);
    this.scene.add(new THREE.Mesh(geometry, material));
  }

  /** New colours (a theme change). */
  setColours(colours: SceneColours): void {
    this.colours = colours;
    this.applyColours();
  }

  private applyColours(): void {
    const c = this.colours;
    this.scene.background = new THREE.Color(c.background);
    (this.materials.wood as THREE.MeshStandardMaterial).color.set(c.wood);
    (this.materials.line as THREE.LineBasicMaterial).color.set(c.line);
    (this.materials.boundary as THREE.MeshBasicMaterial).color.set(c.boundary);
    this.seamMaterials.forEach((m, k) => m.color.set(c.seams[this.seamColours[k] % c.seams.length] ?? c.line));
    this.update(this.state);
  }

  /** Shows a position: stones, highlighted points, the focus ring and the hover stone. */
  update(state: SceneState): void {
    this.state = state;
    const hidden = new THREE.Matrix4().makeScale(0, 0, 0);
    const colour = new THREE.Color();
    const n = this.shape.positions.length;
    for (let p = 0; p < n; p += 1) {
      const stone = state.board[p] ?? 0;
      this.stones.setMatrixAt(p, stone === 0 ? hidden : this.placement(p, 1));
      this.stones.setColorAt(p, colour.set(stone === 2 ? this.colours.white : this.colours.black));
      const focused = state.focus === p;
      const last = state.last === p;
      const shown = focused || last || state.lit.has(p);
      this.rings.setMatrixAt(p, shown ? this.placement(p, focused ? 1.12 : 1, 0.03) : hidden);
      this.rings.setColorAt(p, colour.set(focused ? this.colours.focus : last ? this.colours.last : this.colours.lit));
    }
    for (const mesh of [this.stones, this.rings]) {
      mesh.instanceMatrix.needsUpdate = true;
      if (mesh.instanceColor) mesh.instanceColor.needsUpdate = true;
      mesh.computeBoundingSphere();
    }
    const h = state.hover;
    const ghostShown = h !== null && state.hoverColor !== null && (state.board[h] ?? 0) === 0;
    this.ghost.visible = ghostShown;
    if (ghostShown && h !== null) {
      this.placement(h, 1).decompose(this.ghost.position, this.ghost.quaternion, this.ghost.scale);
      (this.materials.ghost as THREE.MeshStandardMaterial).color.set(state.hoverColor === 2 ? this.colours.white : this.colours.black);
    }
    this.requestRender();
  }

  /** The colour of each stone instance as `#rrggbb`, empty points as null (the test hook). */
  stoneColours(): (string | null)[] {
    const colour = new THREE.Color();
    return this.shape.positions.map((_, p) => {
      if ((this.state.board[p] ?? 0) === 0) return null;
      this.stones.getColorAt(p, colour);
      return `#${colour.getHexString()}`;
    });
  }

  /** Fits the drawing buffer to the canvas's CSS size. */
  resize(width: number, height: number): void {
    if (width <= 0 || height <= 0) return;
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
    this.controls.update();
  }

  /** Draws once on the next animation frame (never continuously). */
  requestRender(): void {
    if (this.pending) return;
    this.pending = requestAnimationFrame(() => {
      this.pending = 0;
      this.renderNow();
    });
  }

  /** Draws immediately. */
  renderNow(): void {
    this.renderer.render(this.scene, this.camera);
    this.frames += 1;
  }

  /** The point under a client position: the nearest point to where the ray first meets the
   * surface or a stone, if that is within reach of it. */
  pick(clientX: number, clientY: number): number | null {
    const rect = this.canvas.getBoundingClientRect();
    const ndc = new THREE.Vector2(((clientX - rect.left) / rect.width) * 2 - 1, -((clientY - rect.top) / rect.height) * 2 + 1);
    this.raycaster.setFromCamera(ndc, this.camera);
    const hits = this.raycaster.intersectObjects([...this.surfaces, this.stones], false);
    const hit = hits[0];
    if (!hit) return null;
    if (hit.object === this.stones && hit.instanceId !== undefined) return hit.instanceId;
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
      return { x, y, visible: inside && this.pick(x, y) === k, front };
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
    this.stones.dispose();
    this.rings.dispose();
    this.renderer.dispose();
  }
}
