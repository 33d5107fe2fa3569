import { useEffect, useRef } from 'react';

/** Mounts an element drawn by Observable Plot (`draw` is called again when `key` changes). */
export function PlotFigure({ draw, plotKey }: { draw: () => Element; plotKey: string }) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = draw();
    container.current?.replaceChildren(element);
    return () => element.remove();
  }, [plotKey]);
  return <div className="plot" ref={container} />;
}
