import { useEffect, useState } from 'react';
import { parseHash, type Route } from './route.ts';

/** The page the URL hash names, updated on navigation. */
export function useRoute(): Route {
  const [hash, setHash] = useState(window.location.hash);
  useEffect(() => {
    const update = () => setHash(window.location.hash);
    window.addEventListener('hashchange', update);
    return () => window.removeEventListener('hashchange', update);
  }, []);
  return parseHash(hash);
}
