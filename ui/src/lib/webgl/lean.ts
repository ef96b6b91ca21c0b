/**
 * A cheap lit material for the lean tier (see quality.ts): three.js's unlit MeshBasicMaterial
 * with a few lines of lighting added — a hemisphere (sky and ground) light and one key
 * light, diffuse plus an optional Blinn highlight — instead of the standard materials'
 * general light loops and physically based terms. On a software rasteriser the shading of
 * every pixel is the frame's main cost; this is a fraction of it and looks alike.
 *
 * `perVertex` lights at the vertices and only interpolates per pixel (Gouraud shading): for
 * smooth, finely divided meshes such as the Go surfaces, where it is indistinguishable.
 */
import { Color, MeshBasicMaterial, type MeshBasicMaterialParameters, Vector3 } from 'three';

/** The lights a lean material imitates (the scene's own lights, restated). */
export interface LeanLights {
  sky: number | string;
  ground: number | string;
  /** Hemisphere light intensity. */
  hemisphere: number;
  /** Key (directional) light intensity. */
  key: number;
  /** Direction towards the key light. */
  direction: [number, number, number];
  /** Whether `direction` is in camera space (a light that moves with the camera) or in the world. */
  space: 'view' | 'world';
}

/** Options of a lean material beyond MeshBasicMaterial's own. */
export interface LeanOptions {
  lights: LeanLights;
  /** Highlight strength (0: none) and sharpness. */
  specular?: number;
  shininess?: number;
  perVertex?: boolean;
  /** A key for three.js's shader cache when the same options make the same shader. */
  cacheKey?: string;
}

// Normal into camera space, including an instance's turn and stretch (as three.js does it).
const VIEW_NORMAL = /* glsl */ `
  vec3 leanNormal = normal;
  #ifdef USE_INSTANCING
    mat3 leanIm = mat3(instanceMatrix);
    leanNormal /= vec3(dot(leanIm[0], leanIm[0]), dot(leanIm[1], leanIm[1]), dot(leanIm[2], leanIm[2]));
    leanNormal = leanIm * leanNormal;
  #endif
  leanNormal = normalize(normalMatrix * leanNormal);
`;

// Light reaching a surface of camera-space normal n seen from v (to the eye), in linear RGB.
const LIGHT = /* glsl */ `
  uniform vec3 leanSky;
  uniform vec3 leanGround;
  uniform vec3 leanKeyDir;
  uniform float leanKey;
  uniform float leanSpecular;
  uniform float leanShininess;
  uniform float leanWorldKey;
  vec3 leanLight(vec3 n, vec3 v, vec3 base) {
    vec3 up = normalize((viewMatrix * vec4(0.0, 1.0, 0.0, 0.0)).xyz);
    vec3 l = leanWorldKey > 0.5 ? normalize((viewMatrix * vec4(leanKeyDir, 0.0)).xyz) : leanKeyDir;
    float nl = max(dot(n, l), 0.0);
    vec3 hemi = mix(leanGround, leanSky, 0.5 * dot(n, up) + 0.5);
    vec3 colour = base * (hemi + leanKey * nl) * RECIPROCAL_PI;
    if (leanSpecular > 0.0) {
      float nh = max(dot(n, normalize(l + v)), 0.0);
      colour += leanSpecular * leanKey * nl * (0.5 * leanShininess + 1.0) * 0.25 * RECIPROCAL_PI * pow(nh, leanShininess);
    }
    return colour;
  }
`;

/** A MeshBasicMaterial lit by `lights` in a few shader lines. */
export function leanMaterial(parameters: MeshBasicMaterialParameters, options: LeanOptions): MeshBasicMaterial {
  const material = new MeshBasicMaterial(parameters);
  const { lights } = options;
  const direction = new Vector3(...lights.direction).normalize();
  const sky = new Color(lights.sky).multiplyScalar(lights.hemisphere);
  const ground = new Color(lights.ground).multiplyScalar(lights.hemisphere);
  const uniforms = {
    leanSky: { value: new Vector3(sky.r, sky.g, sky.b) },
    leanGround: { value: new Vector3(ground.r, ground.g, ground.b) },
    leanKeyDir: { value: direction },
    leanKey: { value: lights.key },
    leanSpecular: { value: options.specular ?? 0 },
    leanShininess: { value: options.shininess ?? 30 },
    leanWorldKey: { value: lights.space === 'world' ? 1 : 0 },
  };
  const previous = material.onBeforeCompile.bind(material);
  material.onBeforeCompile = (shader, renderer) => {
    previous(shader, renderer);
    Object.assign(shader.uniforms, uniforms);
    if (options.perVertex) {
      // Both faces lit at each vertex; the pixel picks the side it shows.
      shader.vertexShader = shader.vertexShader
        .replace('#include <common>', `#include <common>\n${LIGHT}\nvarying vec3 vLeanFront;\nvarying vec3 vLeanBack;`)
        .replace(
          '#include <project_vertex>',
          `#include <project_vertex>\n${VIEW_NORMAL}\nvec3 leanView = normalize(-mvPosition.xyz);\nvLeanFront = leanLight(leanNormal, leanView, vec3(1.0));\nvLeanBack = leanLight(-leanNormal, leanView, vec3(1.0));`,
        );
      shader.fragmentShader = shader.fragmentShader
        .replace('#include <common>', '#include <common>\nvarying vec3 vLeanFront;\nvarying vec3 vLeanBack;')
        .replace('#include <color_fragment>', '#include <color_fragment>\ndiffuseColor.rgb *= gl_FrontFacing ? vLeanFront : vLeanBack;');
    } else {
      shader.vertexShader = shader.vertexShader
        .replace('#include <common>', '#include <common>\nvarying vec3 vLeanNormal;\nvarying vec3 vLeanView;')
        .replace('#include <project_vertex>', `#include <project_vertex>\n${VIEW_NORMAL}\nvLeanNormal = leanNormal;\nvLeanView = -mvPosition.xyz;`);
      shader.fragmentShader = shader.fragmentShader
        .replace('#include <common>', `#include <common>\n${LIGHT}\nvarying vec3 vLeanNormal;\nvarying vec3 vLeanView;`)
        .replace(
          '#include <color_fragment>',
          '#include <color_fragment>\nvec3 leanN = normalize(vLeanNormal) * (gl_FrontFacing ? 1.0 : -1.0);\ndiffuseColor.rgb = leanLight(leanN, normalize(vLeanView), diffuseColor.rgb);',
        );
    }
  };
  const key = `lean-${options.perVertex ? 'vertex' : 'pixel'}-${options.cacheKey ?? ''}`;
  const previousKey = material.customProgramCacheKey.bind(material);
  material.customProgramCacheKey = () => `${previousKey()}|${key}`;
  return material;
}
