import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { PointerEvent as ReactPointerEvent } from 'react';
import { ArrowRightOutlined, CheckOutlined, CloseOutlined, ReloadOutlined } from '@ant-design/icons';
import type { Captcha } from '@inkstone/contracts';
import './slider-captcha.css';

export type SliderStatus = 'ready' | 'checking' | 'passed' | 'failed';

export interface SliderAnswer {
  /** Left edge of the piece, in pixels of the original image. */
  x: number;
  durationMs: number;
  /** Pointer trail: [x, y, ms since the drag began], x in image pixels, y as movement from the start. */
  trail: [number, number, number][];
}

export interface SliderCaptchaProps {
  slider: NonNullable<Captcha['slider']>;
  status: SliderStatus;
  onRelease(answer: SliderAnswer): void;
  onRefresh(): void;
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
 * The self-hosted slider puzzle: the piece sits at y = pieceY on the background and is dragged
 * horizontally to the gap. On a narrow screen the picture is scaled down and positions are
 * converted back to image pixels.
 */
export function SliderCaptcha({ slider, status, onRelease, onRefresh }: SliderCaptchaProps) {
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

  const pieceSize = slider.pieceSize * scale;
  const maxOffset = Math.max(0, (slider.width - slider.pieceSize) * scale);
  const isDraggable = status === 'ready';

  function moveTo(next: number) {
    offsetRef.current = next;
    setOffset(next);
  }

  function handlePointerDown(event: ReactPointerEvent<HTMLDivElement>) {
    if (!isDraggable) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = {
      startX: event.clientX,
      startY: event.clientY,
      startedAt: performance.now(),
      trail: [[0, 0, 0]],
    };
  }

  function handlePointerMove(event: ReactPointerEvent<HTMLDivElement>) {
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

  function handlePointerUp(event: ReactPointerEvent<HTMLDivElement>) {
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

  return (
    <div className={`ink-slider ink-slider--${status}`} style={{ maxWidth: slider.width }}>
      <div
        className="ink-slider__picture"
        ref={frame}
        style={{ aspectRatio: `${slider.width} / ${slider.height}` }}
      >
        <img className="ink-slider__background" src={slider.background} alt="验证图片" draggable={false} />
        <img
          className="ink-slider__piece"
          src={slider.piece}
          alt=""
          draggable={false}
          style={{ left: offset, top: slider.pieceY * scale, width: pieceSize }}
        />
        <button
          type="button"
          className="ink-slider__refresh"
          onClick={onRefresh}
          aria-label="换一张"
          title="换一张"
        >
          <ReloadOutlined />
        </button>
        {status === 'passed' && (
          <div className="ink-slider__result ink-slider__result--passed">
            <CheckOutlined /> 验证通过
          </div>
        )}
      </div>
      <div className="ink-slider__track">
        <div className="ink-slider__fill" style={{ width: offset + pieceSize }} />
        <span className="ink-slider__hint">
          {status === 'checking' ? '正在验证…' : '向右拖动滑块，完成拼图'}
        </span>
        <div
          className="ink-slider__handle"
          role="slider"
          aria-label="拖动滑块完成拼图"
          aria-valuemin={0}
          aria-valuemax={Math.round(maxOffset)}
          aria-valuenow={Math.round(offset)}
          tabIndex={0}
          style={{ left: offset, width: pieceSize }}
          onPointerDown={handlePointerDown}
          onPointerMove={handlePointerMove}
          onPointerUp={handlePointerUp}
          onPointerCancel={handlePointerUp}
        >
          {status === 'passed' ? (
            <CheckOutlined />
          ) : status === 'failed' ? (
            <CloseOutlined />
          ) : (
            <ArrowRightOutlined />
          )}
        </div>
      </div>
    </div>
  );
}
