// The six chess pieces as small three.js geometries (one square is one unit): turned
// (lathe) bodies, with a cross for the king, battlements for the rook, a mitre notch for
// the bishop, a coronet for the queen and an extruded head for the knight. Built once per
// scene and shared by every instance.
import {
  BoxGeometry,
  BufferGeometry,
  CylinderGeometry,
  ExtrudeGeometry,
  LatheGeometry,
  Shape,
  SphereGeometry,
  Vector2,
} from 'three';
import { mergeGeometries } from 'three/examples/jsm/utils/BufferGeometryUtils.js';
import type { Kind } from '../../../lib/bindings/Kind';

// Around-the-axis segments: full detail for the present, about a third of the triangles
// for the faded past (small on screen, and drawn in their thousands in long games).
interface Detail {
  segments: number;
  ball: [number, number];
  /** Every other step of the turned profiles only, no coronet balls, an unbevelled head. */
  simple?: boolean;
}
const FULL: Detail = { segments: 20, ball: [16, 10] };
const LOW: Detail = { segments: 9, ball: [8, 5] };
// The lean tier's faded past (a software rasteriser pays for every triangle, and the past is
// hundreds of small translucent pieces): six sides, simplified profiles, a fifth of LOW's triangles.
const LEAN: Detail = { segments: 6, ball: [6, 3], simple: true };

/** A turned profile from (radius, height) pairs, bottom to top. */
function lathe(d: Detail, profile: [number, number][]): BufferGeometry {
  const kept = d.simple ? profile.filter((_, i) => i === 0 || i === profile.length - 1 || i % 2 === 1) : profile;
  return new LatheGeometry(
    kept.map(([r, y]) => new Vector2(r, y)),
    d.segments,
  );
}

function ball(d: Detail, radius: number): SphereGeometry {
  return new SphereGeometry(radius, d.ball[0], d.ball[1]);
}

// Every piece stands on the same foot so the set reads as one family.
const FOOT: [number, number][] = [
  [0, 0],
  [0.34, 0],
  [0.34, 0.05],
  [0.3, 0.08],
  [0.3, 0.11],
  [0.24, 0.14],
];

/** Merges parts into one indexless geometry (lathes and boxes differ in indexing). */
function merge(parts: BufferGeometry[]): BufferGeometry {
  const flat = parts.map((g) => (g.index ? g.toNonIndexed() : g));
  for (const g of flat) {
    g.deleteAttribute('uv');
    if (!g.getAttribute('normal')) g.computeVertexNormals();
  }
  const merged = mergeGeometries(flat);
  for (const g of parts) g.dispose();
  return merged;
}

function pawn(d: Detail): BufferGeometry {
  const body = lathe(d, [...FOOT, [0.18, 0.2], [0.12, 0.34], [0.16, 0.37], [0.16, 0.39], [0.09, 0.41], [0, 0.41]]);
  const head = ball(d, 0.13).translate(0, 0.5, 0);
  return merge([body, head]);
}

function rook(d: Detail): BufferGeometry {
  const body = lathe(d, [...FOOT, [0.2, 0.2], [0.18, 0.46], [0.25, 0.5], [0.25, 0.6], [0.17, 0.6], [0.17, 0.56], [0, 0.56]]);
  const parts = [body];
  // Four merlons around the top.
  for (let i = 0; i < (d.simple ? 0 : 4); i++) {
    const a = (i * Math.PI) / 2 + Math.PI / 4;
    parts.push(new BoxGeometry(0.11, 0.09, 0.1).rotateY(-a).translate(Math.sin(a) * 0.2, 0.645, Math.cos(a) * 0.2));
  }
  return merge(parts);
}

function knight(d: Detail): BufferGeometry {
  const body = lathe(d, [...FOOT, [0.21, 0.2], [0.2, 0.26], [0, 0.26]]);
  // A horse's head in profile (facing -x, towards a-file), extruded to a slab.
  const s = new Shape();
  s.moveTo(0.17, 0);
  s.lineTo(0.2, 0.22);
  s.quadraticCurveTo(0.18, 0.46, 0.02, 0.56);
  s.lineTo(0.0, 0.62);
  s.lineTo(-0.05, 0.54);
  s.quadraticCurveTo(-0.2, 0.46, -0.27, 0.32);
  s.lineTo(-0.24, 0.26);
  s.quadraticCurveTo(-0.12, 0.3, -0.04, 0.28);
  s.quadraticCurveTo(-0.16, 0.14, -0.17, 0);
  s.lineTo(0.17, 0);
  const head = d.simple
    ? new ExtrudeGeometry(s, { depth: 0.2, bevelEnabled: false, curveSegments: 2 })
    : new ExtrudeGeometry(s, { depth: 0.16, bevelEnabled: true, bevelSize: 0.03, bevelThickness: 0.03, bevelSegments: 2, curveSegments: 6 });
  head.translate(0, 0.24, d.simple ? -0.1 : -0.08);
  return merge([body, head]);
}

function bishop(d: Detail): BufferGeometry {
  const body = lathe(d, [
    ...FOOT,
    [0.17, 0.2],
    [0.1, 0.44],
    [0.17, 0.47],
    [0.17, 0.5],
    [0.09, 0.52],
    [0.15, 0.6],
    [0.15, 0.66],
    [0.1, 0.74],
    [0.03, 0.78],
    [0, 0.78],
  ]);
  const knob = ball(d, 0.05).translate(0, 0.81, 0);
  // A slanted ridge stands for the mitre's notch (a merge cannot cut one).
  const ridge = new BoxGeometry(0.03, 0.14, 0.3).rotateX(0).rotateZ(-0.5).translate(0.04, 0.67, 0);
  return merge([body, knob, ridge]);
}

function queen(d: Detail): BufferGeometry {
  const body = lathe(d, [
    ...FOOT,
    [0.2, 0.2],
    [0.11, 0.52],
    [0.2, 0.56],
    [0.2, 0.59],
    [0.12, 0.61],
    [0.2, 0.76],
    [0.13, 0.78],
    [0, 0.8],
  ]);
  const parts = [body, ball(d, 0.06).translate(0, 0.85, 0)];
  // The coronet: small balls on the crown's rim.
  for (let i = 0; i < (d.simple ? 0 : 8); i++) {
    const a = (i * Math.PI) / 4;
    parts.push(new SphereGeometry(0.035, Math.min(8, d.ball[0]), Math.min(6, d.ball[1])).translate(Math.sin(a) * 0.19, 0.78, Math.cos(a) * 0.19));
  }
  return merge(parts);
}

function king(d: Detail): BufferGeometry {
  const body = lathe(d, [
    ...FOOT,
    [0.21, 0.2],
    [0.12, 0.56],
    [0.21, 0.6],
    [0.21, 0.63],
    [0.13, 0.65],
    [0.19, 0.8],
    [0.08, 0.83],
    [0, 0.83],
  ]);
  const upright = new BoxGeometry(0.06, 0.2, 0.06).translate(0, 0.92, 0);
  const bar = new BoxGeometry(0.16, 0.055, 0.06).translate(0, 0.94, 0);
  const neck = new CylinderGeometry(0.05, 0.05, 0.04, 10).translate(0, 0.84, 0);
  return merge([body, upright, bar, neck]);
}

/** The kinds in a fixed order (the scene's meshes are indexed by it). */
export const KINDS: readonly Kind[] = ['pawn', 'knight', 'bishop', 'rook', 'queen', 'king'];

/** A fresh geometry for each kind of piece, in full, low or lean detail; the caller disposes them. */
export function pieceGeometries(detail: 'full' | 'low' | 'lean' = 'full'): Record<Kind, BufferGeometry> {
  const d = detail === 'full' ? FULL : detail === 'low' ? LOW : LEAN;
  return { pawn: pawn(d), knight: knight(d), bishop: bishop(d), rook: rook(d), queen: queen(d), king: king(d) };
}
