import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { PointerEvent as ReactPointerEvent } from 'react';
import type { Captcha } from '@inkstone/contracts';

/** Where the piece was let go, and how it got there. */
export interface SliderAnswer {
  /** Left edge of the piece, in pixels of the original image. */
  x: number;
  durationMs: number;
  /** Pointer trail: [x, y, ms since the drag began], x in image pixels, y as movement from the start. */
  trail: [number, number, number][];
}

/** The server accepts at most 2000 trail points; we keep far fewer, sampled every ~16 ms. */
const MAX_TRAIL_POINTS = 600;

interface DragState {
  startX: number;
  startY: number;
  startedAt: number;
  trail: [number, number, number][];
}

/**
 * Dragging the slider puzzle's piece: the picture's scale on a narrow screen, the piece's offset,
 * and the pointer handlers of the handle, which report the answer in image pixels on release.
 */
export function useSliderDrag(
  slider: NonNullable<Captcha['slider']>,
  isDraggable: boolean,
  onRelease: (answer: SliderAnswer) => void,
) {
  const frame = useRef<HTMLDivElement>(null);
  const drag = useRef<DragState | null>(null);
  const offsetRef = useRef(0);
  const [offset, setOffset] = useState(0);
  const [scale, setScale] = useState(1);

  useLayoutEffect(() => {
    const element = frame.current;
    if (!element) return;
    const measure = () => setScale(Math.min(1, element.clientWidth / slider.width) || 1);
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(element);
    return () => observer?.disconnect();
  }, [slider.width]);

  // A new puzzle starts from the left.
  useEffect(() => {
    offsetRef.current = 0;
    setOffset(0);
  }, [slider]);

  const maxOffset = Math.max(0, (slider.width - slider.pieceSize) * scale);

  function moveTo(next: number) {
    offsetRef.current = next;
    setOffset(next);
  }

  function onPointerDown(event: ReactPointerEvent<HTMLDivElement>) {
    if (!isDraggable) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = {
      startX: event.clientX,
      startY: event.clientY,
      startedAt: performance.now(),
      trail: [[0, 0, 0]],
    };
  }

  function onPointerMove(event: ReactPointerEvent<HTMLDivElement>) {
    const state = drag.current;
    if (!state) return;
    const next = Math.min(maxOffset, Math.max(0, event.clientX - state.startX));
    moveTo(next);
    const elapsed = Math.round(performance.now() - state.startedAt);
    const last = state.trail[state.trail.length - 1];
    if (state.trail.length < MAX_TRAIL_POINTS && (!last || elapsed - last[2] >= 16)) {
      state.trail.push([Math.round(next / scale), Math.round(event.clientY - state.startY), elapsed]);
    }
  }

  function onPointerUp(event: ReactPointerEvent<HTMLDivElement>) {
    const state = drag.current;
    if (!state) return;
    drag.current = null;
    if (event.currentTarget.hasPointerCapture(event.pointerId))
      event.currentTarget.releasePointerCapture(event.pointerId);
    if (offsetRef.current < 2) return moveTo(0);
    const x = Math.round((offsetRef.current / scale) * 10) / 10;
    const durationMs = Math.round(performance.now() - state.startedAt);
    state.trail.push([Math.round(x), Math.round(event.clientY - state.startY), durationMs]);
    onRelease({ x, durationMs, trail: state.trail });
  }

  return {
    frame,
    offset,
    scale,
    pieceSize: slider.pieceSize * scale,
    maxOffset,
    handlers: { onPointerDown, onPointerMove, onPointerUp, onPointerCancel: onPointerUp },
  };
}
