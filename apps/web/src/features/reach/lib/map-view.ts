/** The SVG transform of the map: uniform scale k, then a translation, in viewBox units. */
export interface TMapView {
  k: number;
  x: number;
  y: number;
}

export const MAP_SIZE = { width: 960, height: 500 } as const;
export const MIN_ZOOM = 1;
export const MAX_ZOOM = 8;
export const ZOOM_STEP = 1.5;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** Keeps the map filling the frame: no empty band can be dragged into view. */
export function clampView(view: TMapView): TMapView {
  const k = clamp(view.k, MIN_ZOOM, MAX_ZOOM);
  return {
    k,
    x: clamp(view.x, MAP_SIZE.width * (1 - k), 0),
    y: clamp(view.y, MAP_SIZE.height * (1 - k), 0),
  };
}

/** Zooms to scale k while the point (px, py) of the frame stays where it is (under the pointer). */
export function zoomAt(view: TMapView, k: number, px = MAP_SIZE.width / 2, py = MAP_SIZE.height / 2): TMapView {
  const next = clamp(k, MIN_ZOOM, MAX_ZOOM);
  const worldX = (px - view.x) / view.k;
  const worldY = (py - view.y) / view.k;
  return clampView({ k: next, x: px - worldX * next, y: py - worldY * next });
}

export function panBy(view: TMapView, dx: number, dy: number): TMapView {
  return clampView({ k: view.k, x: view.x + dx, y: view.y + dy });
}

/** The view at a given zoom, centred on the middle of the map. */
export function centredView(k: number): TMapView {
  return zoomAt({ k: 1, x: 0, y: 0 }, k);
}

export function toTransform(view: TMapView): string {
  return `translate(${view.x} ${view.y}) scale(${view.k})`;
}
