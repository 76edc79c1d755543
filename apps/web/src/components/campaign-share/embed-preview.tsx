import { useEffect, useRef, useState } from 'react';
import { Box } from '@mantine/core';
import { EMBED_FRAME } from '@rally/domain';

/**
 * The real frame, as a site embedding it shows it (601 × 490), scaled down to the width it is given.
 * `frame` overrides the size (the after-launch preview shows the public page on a phone).
 */
export function FramePreview({
  src,
  title,
  frame = EMBED_FRAME,
}: {
  src: string;
  title: string;
  frame?: { width: number; height: number };
}) {
  const box = useRef<HTMLDivElement>(null);
  const [scale, setScale] = useState(0.5);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const fit = () => setScale(Math.min(1, el.clientWidth / frame.width));
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(el);
    return () => observer.disconnect();
  }, [frame.width]);
  return (
    <Box
      ref={box}
      w="100%"
      h={frame.height * scale}
      style={{ overflow: 'hidden', borderRadius: 8, border: '1px solid var(--mantine-color-gray-3)' }}
    >
      <iframe
        src={src}
        title={title}
        width={frame.width}
        height={frame.height}
        style={{ border: 0, transform: `scale(${scale})`, transformOrigin: '0 0' }}
        loading="lazy"
      />
    </Box>
  );
}
