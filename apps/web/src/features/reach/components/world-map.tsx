import { useEffect, useMemo, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { ActionIcon, Alert, Center, Loader, Paper, Text } from '@mantine/core';
import { IconFocusCentered, IconMinus, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { geoNaturalEarth1, geoPath } from 'd3-geo';
import type { FeatureCollection, Geometry } from 'geojson';
import { MAP_START_ZOOM } from '@rally/domain';
import { useTranslation } from 'react-i18next';
import {
  MAP_SIZE,
  MAX_ZOOM,
  MIN_ZOOM,
  ZOOM_STEP,
  centredView,
  panBy,
  toTransform,
  zoomAt,
  type TMapView,
} from '../lib/map-view';
import { countryShapesQueryOptions, type TCountryShape } from '../lib/world-atlas';
import classes from './world-map.module.css';

interface WorldMapProps {
  /** Alpha-2 codes of the selected countries. */
  selected: ReadonlySet<string>;
  onToggle(code: string): void;
  countryLabel(code: string): string;
  /** Id of the text explaining how to use the map. */
  describedBy?: string;
}

/** Movement (in screen pixels) below which a press is a click on a country, not a drag. */
const DRAG_THRESHOLD_PX = 4;
const MAP_PADDING = 8;

interface TDrag {
  pointerId: number;
  clientX: number;
  clientY: number;
  view: TMapView;
  moved: boolean;
}

function projectShapes(shapes: TCountryShape[]) {
  const collection: FeatureCollection<Geometry> = { type: 'FeatureCollection', features: shapes.map((s) => s.feature) };
  const projection = geoNaturalEarth1().fitExtent(
    [
      [MAP_PADDING, MAP_PADDING],
      [MAP_SIZE.width - MAP_PADDING, MAP_SIZE.height - MAP_PADDING],
    ],
    collection,
  );
  const path = geoPath(projection);
  return shapes.map((shape) => ({ key: shape.key, code: shape.code, d: path(shape.feature) ?? '' }));
}

/** Screen pixels to viewBox units: the SVG is scaled to the width of its frame. */
function unitsPerPixel(svg: SVGSVGElement): number {
  const width = svg.getBoundingClientRect().width;
  return width > 0 ? MAP_SIZE.width / width : 1;
}

/**
 * A world map (Natural Earth projection of world-atlas' 110m countries) to toggle countries
 * with a click, zoomed with the buttons or the wheel and moved by dragging. d3-zoom is not
 * used: the view is one SVG transform kept in state.
 */
export function WorldMap({ selected, onToggle, countryLabel, describedBy }: WorldMapProps) {
  const { t } = useTranslation();
  const shapes = useQuery(countryShapesQueryOptions);
  const paths = useMemo(() => (shapes.data ? projectShapes(shapes.data) : undefined), [shapes.data]);
  const [view, setView] = useState<TMapView>(() => centredView(MAP_START_ZOOM));
  const [hovered, setHovered] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const svgRef = useRef<SVGSVGElement>(null);
  const drag = useRef<TDrag | null>(null);
  // The click that ends a drag must not also toggle the country under the pointer.
  const suppressClick = useRef(false);

  useEffect(() => {
    const svg = svgRef.current;
    if (!svg) return;
    // React's wheel listener is passive, so the page would scroll too; this one can prevent that.
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const rect = svg.getBoundingClientRect();
      const scale = unitsPerPixel(svg);
      const px = (event.clientX - rect.left) * scale;
      const py = (event.clientY - rect.top) * scale;
      const delta = event.deltaMode === WheelEvent.DOM_DELTA_LINE ? event.deltaY * 40 : event.deltaY;
      setView((current) => zoomAt(current, current.k * Math.exp(-delta * 0.002), px, py));
    };
    svg.addEventListener('wheel', onWheel, { passive: false });
    return () => svg.removeEventListener('wheel', onWheel);
  }, []);

  function onPointerDown(event: ReactPointerEvent<SVGSVGElement>) {
    if (event.button !== 0) return;
    suppressClick.current = false;
    drag.current = { pointerId: event.pointerId, clientX: event.clientX, clientY: event.clientY, view, moved: false };
  }

  function onPointerMove(event: ReactPointerEvent<SVGSVGElement>) {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    const dx = event.clientX - current.clientX;
    const dy = event.clientY - current.clientY;
    if (!current.moved) {
      if (Math.hypot(dx, dy) < DRAG_THRESHOLD_PX) return;
      current.moved = true;
      // Captured only once it is a drag, so a plain click still reaches the country path.
      event.currentTarget.setPointerCapture(event.pointerId);
      setDragging(true);
    }
    const scale = unitsPerPixel(event.currentTarget);
    setView(panBy(current.view, dx * scale, dy * scale));
  }

  function endDrag(event: ReactPointerEvent<SVGSVGElement>) {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    if (current.moved) {
      suppressClick.current = true;
      setDragging(false);
    }
    drag.current = null;
  }

  function clickCountry(code: string) {
    if (suppressClick.current) {
      suppressClick.current = false;
      return;
    }
    onToggle(code);
  }

  return (
    <div className={classes.frame}>
      <svg
        ref={svgRef}
        className={classes.map}
        viewBox={`0 0 ${MAP_SIZE.width} ${MAP_SIZE.height}`}
        role="img"
        aria-label={t('reach.countries.map')}
        aria-describedby={describedBy}
        data-dragging={dragging || undefined}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
      >
        <g transform={toTransform(view)}>
          {paths?.map(({ key, code, d }) =>
            code === null ? (
              <path key={key} d={d} className={classes.land} />
            ) : (
              <path
                key={key}
                d={d}
                className={classes.country}
                data-code={code}
                data-selected={selected.has(code) || undefined}
                onClick={() => clickCountry(code)}
                onPointerEnter={() => setHovered(code)}
                onPointerLeave={() => setHovered((current) => (current === code ? null : current))}
              />
            ),
          )}
        </g>
      </svg>

      {shapes.isPending && (
        <Center pos="absolute" inset={0}>
          <Loader size="sm" aria-label={t('app.loading')} />
        </Center>
      )}
      {shapes.isError && (
        <Center pos="absolute" inset={0} p="md">
          <Alert color="red" variant="light">
            {t('reach.countries.map-failed')}
          </Alert>
        </Center>
      )}

      <ActionIcon.Group orientation="vertical" className={classes.controls}>
        <ActionIcon
          variant="default"
          aria-label={t('reach.countries.zoom-in')}
          disabled={view.k >= MAX_ZOOM}
          onClick={() => setView((current) => zoomAt(current, current.k * ZOOM_STEP))}
        >
          <IconPlus size={16} aria-hidden />
        </ActionIcon>
        <ActionIcon
          variant="default"
          aria-label={t('reach.countries.zoom-out')}
          disabled={view.k <= MIN_ZOOM}
          onClick={() => setView((current) => zoomAt(current, current.k / ZOOM_STEP))}
        >
          <IconMinus size={16} aria-hidden />
        </ActionIcon>
        <ActionIcon
          variant="default"
          aria-label={t('reach.countries.zoom-reset')}
          onClick={() => setView(centredView(MAP_START_ZOOM))}
        >
          <IconFocusCentered size={16} aria-hidden />
        </ActionIcon>
      </ActionIcon.Group>

      {hovered !== null && !dragging && (
        <Paper className={classes.hovered} px="xs" py={2} shadow="xs" radius="sm" aria-hidden>
          <Text size="sm" fw={500}>
            {countryLabel(hovered)}
          </Text>
        </Paper>
      )}
    </div>
  );
}
