import { describe, expect, it } from 'vitest';
import * as THREE from 'three';
import { embed } from './embedding';
import type { BoardLayout } from '../../../lib/bindings/BoardLayout';
import type { Surface } from '../../../lib/bindings/Surface';
import fixture from './layouts.fixture.json';

// Every point can be seen from somewhere: from some direction near one of its normals, a
// ray leaving it reaches open space without meeting the surface again. Uses three.js's
// raycaster on the same sheets the view draws (no WebGL needed). Up to 160 rays per point
// against every triangle take seconds on a loaded machine, hence the long time limit.
const layouts = fixture as unknown as Record<Surface, Pick<BoardLayout, 'unit' | 'points' | 'seams'>>;
const SURFACES: Surface[] = ['go-mobius-9x11-v1', 'go-klein-9x18-v1', 'go-genus2-staircase-9x9-v1'];

describe.each(SURFACES)('the points of %s', (surface) => {
  it('are each visible from some direction', () => {
    const layout = { view: { x: 0, y: 0, width: 0, height: 0 }, areas: [], lines: [], labels: [], marks: [], ...layouts[surface] } as BoardLayout;
    const shape = embed(surface, layout, { per: 2 });
    const meshes = shape.patches.map((patch) => {
      const geometry = new THREE.BufferGeometry();
      geometry.setAttribute('position', new THREE.Float32BufferAttribute(patch.positions.flat(), 3));
      const index: number[] = [];
      for (let j = 0; j + 1 < patch.rows; j += 1)
        for (let i = 0; i + 1 < patch.columns; i += 1) {
          const a = j * patch.columns + i;
          index.push(a, a + 1, a + patch.columns, a + 1, a + patch.columns + 1, a + patch.columns);
        }
      geometry.setIndex(index);
      return new THREE.Mesh(geometry, new THREE.MeshBasicMaterial({ side: THREE.DoubleSide }));
    });
    const ray = new THREE.Raycaster();
    const hidden = shape.positions.filter((p, k) => {
      const at = new THREE.Vector3(...p);
      const normal = new THREE.Vector3(...shape.normals[k]);
      const tangent = new THREE.Vector3(1, 0, 0).cross(normal).normalize();
      if (tangent.lengthSq() < 0.5) tangent.set(0, 1, 0).cross(normal).normalize();
      const other = normal.clone().cross(tangent);
      for (const side of [1, -1])
        for (const tilt of [0, 0.4, 0.8, 1.1, 1.35])
          for (let turn = 0; turn < 16; turn += 1) {
            const angle = (turn * Math.PI) / 8;
            const direction = normal
              .clone()
              .multiplyScalar(side)
              .addScaledVector(tangent, Math.sin(tilt) * Math.cos(angle))
              .addScaledVector(other, Math.sin(tilt) * Math.sin(angle))
              .normalize();
            ray.set(at.clone().addScaledVector(direction, 0.05), direction);
            if (ray.intersectObjects(meshes, false).length === 0) return false;
          }
      return true;
    });
    expect(hidden).toHaveLength(0);
  }, 120_000);
});
