import { getStroke } from 'perfect-freehand';
import {
  forwardRef,
  useEffect,
  useImperativeHandle,
  useRef,
  useState,
  type PointerEvent,
} from 'react';

export interface Stroke {
  points: [number, number, number][];
  color: string;
  size: number;
}

export const PENS = [
  { name: 'Ink', color: '#0f172a' },
  { name: 'Blue', color: '#1d4ed8' },
  { name: 'Red', color: '#dc2626' },
  { name: 'Green', color: '#15803d' },
  { name: 'Amber', color: '#d97706' },
] as const;
export const SIZES = [
  { name: 'Fine', size: 4 },
  { name: 'Medium', size: 10 },
  { name: 'Bold', size: 20 },
] as const;
const PAPER = '#ffffff';
export const WIDTH = 800;
export const HEIGHT = 560;

/** SVG path data for perfect-freehand's outline points. */
function outline(points: number[][]): string {
  if (points.length < 2) return '';
  return `${points.map(([x, y], i) => `${i === 0 ? 'M' : 'L'} ${x ?? 0} ${y ?? 0}`).join(' ')} Z`;
}

function paint(ctx: CanvasRenderingContext2D, strokes: readonly Stroke[]) {
  ctx.fillStyle = PAPER;
  ctx.fillRect(0, 0, WIDTH, HEIGHT);
  for (const s of strokes) {
    const path = new Path2D(
      outline(
        getStroke(s.points, { size: s.size, thinning: 0.5, smoothing: 0.5, streamline: 0.5 }),
      ),
    );
    ctx.fillStyle = s.color;
    ctx.fill(path);
  }
}

export interface DoodleCanvasHandle {
  toPng: () => Promise<Blob>;
}

interface Props {
  strokes: readonly Stroke[];
  color: string;
  size: number;
  eraser: boolean;
  label: string;
  onStroke: (s: Stroke) => void;
}

/** Pointer and touch drawing with smooth strokes; the eraser paints paper color. */
export const DoodleCanvas = forwardRef<DoodleCanvasHandle, Props>(function DoodleCanvas(
  { strokes, color, size, eraser, label, onStroke },
  ref,
) {
  const canvas = useRef<HTMLCanvasElement>(null);
  // The stroke being drawn lives in a ref (always current for the next pointer event);
  // the state copy only triggers a repaint.
  const live = useRef<Stroke | null>(null);
  const [current, setCurrent] = useState<Stroke | null>(null);

  useImperativeHandle(ref, () => ({
    toPng: () =>
      new Promise<Blob>((resolve, reject) =>
        canvas.current?.toBlob(
          (b) => (b ? resolve(b) : reject(new Error('The drawing could not be exported.'))),
          'image/png',
        ),
      ),
  }));

  useEffect(() => {
    const ctx = canvas.current?.getContext('2d');
    if (ctx) paint(ctx, current ? [...strokes, current] : strokes);
  }, [strokes, current]);

  const point = (e: PointerEvent<HTMLCanvasElement>): [number, number, number] => {
    const rect = e.currentTarget.getBoundingClientRect();
    return [
      ((e.clientX - rect.left) / rect.width) * WIDTH,
      ((e.clientY - rect.top) / rect.height) * HEIGHT,
      e.pressure || 0.5,
    ];
  };

  return (
    <canvas
      ref={canvas}
      width={WIDTH}
      height={HEIGHT}
      role="img"
      aria-label={label}
      className="w-full touch-none rounded-xl border border-slate-300 bg-white dark:border-slate-600"
      style={{ aspectRatio: `${WIDTH} / ${HEIGHT}`, cursor: 'crosshair' }}
      onPointerDown={(e) => {
        e.currentTarget.setPointerCapture(e.pointerId);
        live.current = {
          points: [point(e)],
          color: eraser ? PAPER : color,
          size: eraser ? size * 2 : size,
        };
        setCurrent(live.current);
      }}
      onPointerMove={(e) => {
        if (!live.current) return;
        live.current = { ...live.current, points: [...live.current.points, point(e)] };
        setCurrent(live.current);
      }}
      onPointerUp={() => {
        if (live.current) onStroke(live.current);
        live.current = null;
        setCurrent(null);
      }}
      onPointerCancel={() => {
        live.current = null;
        setCurrent(null);
      }}
    />
  );
});
