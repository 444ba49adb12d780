import { useEffect, useRef, useState } from 'react';

/**
 * Whether the element behind the returned ref has come within `rootMargin` of the viewport; once true it
 * stays true. Without IntersectionObserver it is true at once. Lets a page load a part only when the reader
 * gets near it.
 */
export function useNearViewport<T extends Element>(rootMargin: string) {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');

  useEffect(() => {
    if (near || !ref.current) return undefined;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setNear(true);
    }, { rootMargin });
    observer.observe(ref.current);
    return () => observer.disconnect();
  }, [near, rootMargin]);

  return { ref, near };
}
