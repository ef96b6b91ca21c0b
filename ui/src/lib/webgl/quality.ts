/**
 * How much a 3D view may ask of the machine's WebGL, decided once per page before any view
 * creates its context (antialiasing is fixed when a context is made). A software rasteriser
 * (SwiftShader in Chromium without a GPU, Mesa's llvmpipe or softpipe in WebKitGTK) draws every
 * pixel on the CPU: there the views drop multisampling, cap the pixel ratio at 1 and use
 * cheaper materials and meshes ("lean"); a GPU gets the full picture ("full").
 *
 * The renderer's name decides when the browser tells it; WebKitGTK reports a masked name, so
 * a short fill test (a few hundred thousand shaded pixels, read back) decides otherwise: a GPU
 * does it in well under a millisecond, a software rasteriser takes several.
 */

/** The two levels of detail the 3D views draw at. */
export type RenderTier = 'full' | 'lean';

/** Renderer names that mean the pixels are drawn on the CPU. */
const SOFTWARE = /swiftshader|llvmpipe|softpipe|lavapipe|software|basic render driver|microsoft basic/i;

/** Fill-test time (ms) above which the rasteriser is treated as software. Measured on the
 * 2-core project VM at load average 19, four passes: WebKitGTK on llvmpipe ~250 ms,
 * SwiftShader 8–90 ms. A GPU shades these 262,144 pixels in a fraction of a millisecond;
 * the read-back's round trip adds about one. */
const SLOW_FILL_MS = 5;

/** Where the tier found is kept between launches (the fill test costs a software
 * rasteriser a few hundred milliseconds), with the renderer's name it was found for. */
const STORED = 'crab-canon.render-tier';

/** The tier found, with the renderer's name and the fill test's time (kept for debugging). */
let decided: { tier: RenderTier; renderer: string; fillMs: number | null } | null = null;

/** Whether a renderer name is a known software rasteriser. */
export function isSoftwareRenderer(name: string): boolean {
  return SOFTWARE.test(name);
}

/** The renderer's name as the page may read it (the unmasked one where allowed). */
function rendererName(gl: WebGLRenderingContext | WebGL2RenderingContext): string {
  try {
    const info = gl.getExtension('WEBGL_debug_renderer_info');
    const name = info ? gl.getParameter(info.UNMASKED_RENDERER_WEBGL) : gl.getParameter(gl.RENDERER);
    return typeof name === 'string' ? name : '';
  } catch {
    return '';
  }
}

/** Milliseconds to shade 4 full passes over 256×256 pixels and read one back (after a
 * warm-up draw of a few pixels, so shader compilation is not counted); null if the test
 * cannot run. */
function fillTest(gl: WebGLRenderingContext | WebGL2RenderingContext): number | null {
  const vs = 'attribute vec2 p; void main() { gl_Position = vec4(p, 0.0, 1.0); }';
  // A little arithmetic per pixel, about what a lit material costs.
  const fs = `precision mediump float; uniform float k;
    void main() { vec2 q = gl_FragCoord.xy * 0.01 + k; float s = 0.0;
      for (int i = 0; i < 8; i++) { s += sin(q.x + float(i)) * cos(q.y - float(i)); q = q.yx * 1.1; }
      gl_FragColor = vec4(fract(s), 0.5, 0.5, 1.0); }`;
  const shader = (type: number, source: string) => {
    const s = gl.createShader(type);
    if (!s) return null;
    gl.shaderSource(s, source);
    gl.compileShader(s);
    return gl.getShaderParameter(s, gl.COMPILE_STATUS) ? s : null;
  };
  const v = shader(gl.VERTEX_SHADER, vs);
  const f = shader(gl.FRAGMENT_SHADER, fs);
  const program = gl.createProgram();
  if (!v || !f || !program) return null;
  gl.attachShader(program, v);
  gl.attachShader(program, f);
  gl.linkProgram(program);
  if (!gl.getProgramParameter(program, gl.LINK_STATUS)) return null;
  gl.useProgram(program);
  const buffer = gl.createBuffer();
  gl.bindBuffer(gl.ARRAY_BUFFER, buffer);
  gl.bufferData(gl.ARRAY_BUFFER, new Float32Array([-1, -1, 3, -1, -1, 3]), gl.STATIC_DRAW);
  const at = gl.getAttribLocation(program, 'p');
  gl.enableVertexAttribArray(at);
  gl.vertexAttribPointer(at, 2, gl.FLOAT, false, 0, 0);
  const k = gl.getUniformLocation(program, 'k');
  const pixel = new Uint8Array(4);
  const pass = (count: number) => {
    for (let i = 0; i < count; i++) {
      gl.uniform1f(k, i * 0.37);
      gl.drawArrays(gl.TRIANGLES, 0, 3);
    }
    gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, pixel);
  };
  gl.viewport(0, 0, 4, 4);
  pass(1);
  gl.viewport(0, 0, 256, 256);
  const start = performance.now();
  pass(4);
  const ms = performance.now() - start;
  gl.deleteBuffer(buffer);
  gl.deleteProgram(program);
  gl.deleteShader(v);
  gl.deleteShader(f);
  return ms;
}

/** The tier kept by an earlier launch, with the key it was found for; null if none. */
function storedTier(): { key: string; tier: RenderTier } | null {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(STORED) ?? 'null');
    if (!value || typeof value !== 'object') return null;
    const { key, tier } = value as { key?: unknown; tier?: unknown };
    return typeof key === 'string' && (tier === 'lean' || tier === 'full') ? { key, tier } : null;
  } catch {
    return null;
  }
}

/**
 * The tier the 3D views draw at on this machine, tested once per page (a throwaway 256×256
 * context); `null` when the page has no WebGL at all. `?render=full|lean` in the page's
 * address forces a tier (for comparisons and the benchmarks).
 */
export function renderTier(): RenderTier | null {
  const forced = new URLSearchParams(location.search).get('render');
  if (forced === 'full' || forced === 'lean') return forced;
  if (decided) return decided.tier;
  let gl: WebGLRenderingContext | WebGL2RenderingContext | null = null;
  try {
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 256;
    const options: WebGLContextAttributes = { antialias: false, depth: false, preserveDrawingBuffer: false };
    gl = canvas.getContext('webgl2', options) ?? canvas.getContext('webgl', options);
  } catch {
    gl = null;
  }
  if (!gl) return null;
  const renderer = rendererName(gl);
  const key = `${renderer}|${navigator.userAgent}`;
  const stored = storedTier();
  let tier: RenderTier;
  let fillMs: number | null = null;
  if (isSoftwareRenderer(renderer)) tier = 'lean';
  else if (stored?.key === key) tier = stored.tier;
  else {
    fillMs = fillTest(gl);
    tier = fillMs !== null && fillMs > SLOW_FILL_MS ? 'lean' : 'full';
    try {
      localStorage.setItem(STORED, JSON.stringify({ key, tier }));
    } catch {
      // No storage (a private window): the test runs again next time.
    }
  }
  gl.getExtension('WEBGL_lose_context')?.loseContext();
  decided = { tier, renderer, fillMs };
  return tier;
}
