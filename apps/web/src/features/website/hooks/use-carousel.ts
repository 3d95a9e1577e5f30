import { useCallback, useEffect, useRef, useState } from 'react';

/** How long each picture shows before the carousel moves on. */
export const CAROUSEL_INTERVAL_MS = 5_000;

function prefersReducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * A carousel on a horizontally scrolling, snapping track: a finger swipes it natively, the dots
 * and arrows scroll it, and it moves on by itself every few seconds unless the pointer or focus
 * is on it, the tab is hidden, or the visitor asked for reduced motion.
 */
export function useCarousel(count: number) {
  const trackRef = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);
  const [isPaused, setPaused] = useState(false);

  const goTo = useCallback(
    (next: number) => {
      const track = trackRef.current;
      if (!track || count === 0) return;
      const target = ((next % count) + count) % count;
      track.scrollTo({
        left: target * track.clientWidth,
        behavior: prefersReducedMotion() ? 'auto' : 'smooth',
      });
    },
    [count],
  );

  const onScroll = useCallback(() => {
    const track = trackRef.current;
    if (!track || track.clientWidth === 0) return;
    setIndex(Math.min(count - 1, Math.max(0, Math.round(track.scrollLeft / track.clientWidth))));
  }, [count]);

  useEffect(() => {
    if (count < 2 || isPaused || prefersReducedMotion()) return;
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') goTo(index + 1);
    }, CAROUSEL_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [count, index, isPaused, goTo]);

  return {
    trackRef,
    index,
    goTo,
    onScroll,
    pauseHandlers: {
      onMouseEnter: () => setPaused(true),
      onMouseLeave: () => setPaused(false),
      onFocus: () => setPaused(true),
      onBlur: () => setPaused(false),
    },
  };
}
