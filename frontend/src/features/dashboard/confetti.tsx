import { useEffect, useRef, useState } from "react";

export const CONFETTI_PIECES = 200;
export const CONFETTI_MS = 2000;
const COLORS = ["#8a3b12", "#f0b27a", "#1d6b3a", "#f3c9a1", "#6f3b1f", "#e8a33d", "#c0392b", "#2e86c1"];

interface Piece {
  x: number;
  y: number;
  vx: number;
  vy: number;
  size: number;
  angle: number;
  spin: number;
  color: string;
}

export function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === "function" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

function makePieces(width: number, count: number): Piece[] {
  return Array.from({ length: count }, () => ({
    x: Math.random() * width,
    y: -20 - Math.random() * 200,
    vx: (Math.random() - 0.5) * 4,
    vy: 3 + Math.random() * 5,
    size: 6 + Math.random() * 6,
    angle: Math.random() * Math.PI,
    spin: (Math.random() - 0.5) * 0.3,
    color: COLORS[Math.floor(Math.random() * COLORS.length)],
  }));
}

/**
 * A short burst of paper confetti over the page: `pieces` pieces for `durationMs`, then gone.
 * Decorative only (hidden from assistive technology, never intercepts clicks), and skipped
 * entirely for people who ask the system for reduced motion.
 */
export function Confetti({ pieces = CONFETTI_PIECES, durationMs = CONFETTI_MS }: { pieces?: number; durationMs?: number }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [running, setRunning] = useState(() => !prefersReducedMotion());

  useEffect(() => {
    if (!running) return;
    const stop = window.setTimeout(() => setRunning(false), durationMs);
    const canvas = canvasRef.current;
    const context = canvas?.getContext?.("2d") ?? null;
    if (!canvas || !context) return () => window.clearTimeout(stop);
    const width = (canvas.width = window.innerWidth);
    const height = (canvas.height = window.innerHeight);
    const confetti = makePieces(width, pieces);
    const started = performance.now();
    let frame = 0;
    const draw = (now: number) => {
      const elapsed = now - started;
      context.clearRect(0, 0, width, height);
      // Fade out over the last quarter so the burst doesn't vanish abruptly.
      context.globalAlpha = Math.max(0, Math.min(1, (durationMs - elapsed) / (durationMs / 4)));
      for (const p of confetti) {
        p.x += p.vx;
        p.y += p.vy;
        p.vy += 0.05;
        p.angle += p.spin;
        context.save();
        context.translate(p.x, p.y);
        context.rotate(p.angle);
        context.fillStyle = p.color;
        context.fillRect(-p.size / 2, -p.size / 4, p.size, p.size / 2);
        context.restore();
      }
      if (elapsed < durationMs) frame = requestAnimationFrame(draw);
    };
    frame = requestAnimationFrame(draw);
    return () => {
      window.clearTimeout(stop);
      cancelAnimationFrame(frame);
    };
  }, [running, pieces, durationMs]);

  if (!running) return null;
  return <canvas ref={canvasRef} className="confetti" aria-hidden="true" data-pieces={pieces} data-testid="confetti" />;
}
