import { useEffect, useState } from 'react';

// Start fetching a little before the element scrolls into sight.
const MARGIN = '300px 0px';

/**
 * Whether the element has ever been on screen (it stays true once seen, so a picture scrolled
 * past is not dropped). Without IntersectionObserver everything counts as seen.
 */
export const useInView = <T extends Element>(): [(el: T | null) => void, boolean] => {
  const [el, setEl] = useState<T | null>(null);
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === 'undefined');

  useEffect(() => {
    if (!el || seen) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setSeen(true);
      },
      { rootMargin: MARGIN },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [el, seen]);

  return [setEl, seen];
};
