import { getStroke } from 'perfect-freehand';
import {
  forwardRef,
  useEffect,
  useImperativeHandle,
  useRef,
  useState,
  type PointerEvent,
} from 'react';

/**
 * Pens by name, each with its color on paper (light theme, and every saved PNG) and on the
 * dark sheet: a stroke keeps its pen, not a color, so the same drawing shows right in
 * either theme and is always saved on white paper (docs/decisions/028-doodles-on-paper.md).
 */
export const PENS = [
  { id: 'ink', name: 'Ink', light: '#0f172a', dark: '#f1f5f9' },
  { id: 'blue', name: 'Blue', light: '#1d4ed8', dark: '#60a5fa' },
  { id: 'red', name: 'Red', light: '#dc2626', dark: '#f87171' },
  { id: 'green', name: 'Green', light: '#15803d', dark: '#4ade80' },
  { id: 'amber', name: 'Amber', light: '#d97706', dark: '#fbbf24' },
] as const;
export type PenId = (typeof PENS)[number]['id'];
/** The sheet: white paper, or slate-900 in dark mode. The eraser paints it. */
const PAPER = { light: '#ffffff', dark: '#0f172a' } as const;
type Theme = keyof typeof PAPER;

export interface Stroke {
  points: [number, number, number][];
  /** The pen, or the eraser (which paints the sheet). */
  pen: PenId | 'eraser';
  size: number;
}

export const SIZES = [
  { name: 'Fine', size: 4 },
  { name: 'Medium', size: 10 },
  { name: 'Bold', size: 20 },
] as const;
export const WIDTH = 800;
export const HEIGHT = 560;

/** A pen's color in a theme. */
export function penColor(pen: PenId, theme: Theme): string {
  return (PENS.find((p) => p.id === pen) ?? PENS[0])[theme];
}

/** SVG path data for perfect-freehand's outline points. */
function outline(points: number[][]): string {
  if (points.length < 2) return '';
  return `${points.map(([x, y], i) => `${i === 0 ? 'M' : 'L'} ${x ?? 0} ${y ?? 0}`).join(' ')} Z`;
}

function paint(ctx: CanvasRenderingContext2D, strokes: readonly Stroke[], theme: Theme) {
  ctx.fillStyle = PAPER[theme];
  ctx.fillRect(0, 0, WIDTH, HEIGHT);
  for (const s of strokes) {
    const path = new Path2D(
      outline(
        getStroke(s.points, { size: s.size, thinning: 0.5, smoothing: 0.5, streamline: 0.5 }),
      ),
    );
    ctx.fillStyle = s.pen === 'eraser' ? PAPER[theme] : penColor(s.pen, theme);
    ctx.fill(path);
  }
}

export interface DoodleCanvasHandle {
  toPng: () => Promise<Blob>;
}

interface Props {
  strokes: readonly Stroke[];
  pen: PenId;
  size: number;
  eraser: boolean;
  label: string;
  /** Draw on the dark sheet (dark mode); saving always draws on paper. */
  dark: boolean;
  onStroke: (s: Stroke) => void;
}

/** Pointer and touch drawing with smooth strokes; the eraser paints the sheet. */
export const DoodleCanvas = forwardRef<DoodleCanvasHandle, Props>(function DoodleCanvas(
  { strokes, pen, size, eraser, label, dark, onStroke },
  ref,
) {
  const canvas = useRef<HTMLCanvasElement>(null);
  // The stroke being drawn lives in a ref (always current for the next pointer event);
  // the state copy only triggers a repaint.
  const live = useRef<Stroke | null>(null);
  const [current, setCurrent] = useState<Stroke | null>(null);

  // The PNG is painted afresh on paper, whatever the theme on screen.
  useImperativeHandle(ref, () => ({
    toPng: () =>
      new Promise<Blob>((resolve, reject) => {
        const sheet = document.createElement('canvas');
        sheet.width = WIDTH;
        sheet.height = HEIGHT;
        const ctx = sheet.getContext('2d');
        if (!ctx) return reject(new Error('The drawing could not be exported.'));
        paint(ctx, strokes, 'light');
        sheet.toBlob(
          (b) => (b ? resolve(b) : reject(new Error('The drawing could not be exported.'))),
          'image/png',
        );
      }),
  }));

  useEffect(() => {
    const ctx = canvas.current?.getContext('2d');
    if (ctx) paint(ctx, current ? [...strokes, current] : strokes, dark ? 'dark' : 'light');
  }, [strokes, current, dark]);

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
      className="w-full touch-none rounded-xl border border-slate-300 bg-white dark:border-slate-600 dark:bg-slate-900"
      style={{ aspectRatio: `${WIDTH} / ${HEIGHT}`, cursor: 'crosshair' }}
      onPointerDown={(e) => {
        e.currentTarget.setPointerCapture(e.pointerId);
        live.current = {
          points: [point(e)],
          pen: eraser ? 'eraser' : pen,
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
